// SPEC section 2, Plans (/app/plans): public, no session needed.
import { Page } from '@shopify/polaris'
import { PlansOverview } from '../../features/billing/plans-overview.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'

export function PlansPage() {
  useDocumentTitle('Subscription Plans')
  return (
    <Page
      title="Subscription Plans"
      subtitle="Monthly plans with clear limits. Start with the 14-day free trial; change or cancel at any time."
    >
      <PlansOverview />
    </Page>
  )
}
