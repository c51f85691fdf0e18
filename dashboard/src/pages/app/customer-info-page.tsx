// SPEC section 2, Customer information (/app/customer-info?plan={planId}): public; the order summary
// when the plan is known, the form, then on to payment with the plan and customerInfoCompleted=true.
import { Page } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { useApi } from '../../api/api-context.tsx'
import { plansQuery } from '../../features/billing/billing.queries.ts'
import { CustomerInfoForm } from '../../features/billing/customer-info-form.tsx'
import { OrderSummary } from '../../features/billing/order-summary.tsx'
import { DEFAULT_CURRENCY, planById } from '../../features/billing/plan-prices.ts'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import '../../features/billing/billing.css'

export function CustomerInfoPage() {
  useDocumentTitle('Customer Information')
  const client = useApi()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const catalogue = useQuery(plansQuery(client))
  const plan = planById(catalogue.data?.plans ?? [], search.get('plan'))
  const next = () => void navigate(plan ? `/app/payment?plan=${plan.id}&customerInfoCompleted=true` : '/app/payment')
  return (
    <Page
      title="Customer Information"
      subtitle="Tell us who the subscription is for; then you pay on the next step."
      backAction={{ content: 'Plans', url: '/app/plans' }}
    >
      <div className="billing-two-columns">
        {plan ? <OrderSummary plan={plan} currency={DEFAULT_CURRENCY} /> : null}
        <CustomerInfoForm onSaved={next} />
      </div>
    </Page>
  )
}
