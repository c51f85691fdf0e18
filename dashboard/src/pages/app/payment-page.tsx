// SPEC section 2, Payment (/app/payment): Choose Your Plan.
import { Page } from '@shopify/polaris'
import { PaymentPlans } from '../../features/billing/payment-plans.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'

export function PaymentPage() {
  useDocumentTitle('Choose Your Plan')
  return (
    <Page title="Choose Your Plan" subtitle="Every plan is billed monthly; cancel at any time." fullWidth>
      <PaymentPlans />
    </Page>
  )
}
