// The billing screens (Usage & Plan, Plans, Payment, Customer information, payment results) arrive
// with the billing work; until then their routes exist and say so plainly instead of showing a 404.
import { Page } from '@shopify/polaris'
import { useNavigate } from 'react-router'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import { EmptyCard } from '../../feedback/empty-card.tsx'

export function BillingPendingPage({ title }: { title: string }) {
  useDocumentTitle(title)
  const navigate = useNavigate()
  return (
    <Page title={title}>
      <EmptyCard heading="Plans and billing are not available yet" action={{ content: 'Go to Dashboard', onAction: () => navigate('/app/dashboard') }}>
          Every account can use the product while subscriptions are being set up.
        </EmptyCard>
    </Page>
  )
}
