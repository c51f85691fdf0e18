// SPEC section 2, Payment (/app/payment): Choose Your Plan, the currency toggle (EGP only) and the grid
// of plan cards. Back from the customer information (?plan=ID&customerInfoCompleted=true) it goes on
// to checkout for that plan at once. An account already paying at Stripe is told where it changes plan
// (the billing portal): the server refuses it a second checkout.
import { Banner, BlockStack } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useApi } from '../../api/api-context.tsx'
import { EmptyCard } from '../../feedback/empty-card.tsx'
import { LoadFailedBanner } from '../../feedback/load-failed-banner.tsx'
import { messageOf } from '../../feedback/report-error.ts'
import { PageLoading } from '../../shared/page-loading.tsx'
import { useOpenBillingPortal } from './billing.mutations.ts'
import { plansQuery, subscriptionQuery } from './billing.queries.ts'
import { CurrencyToggle } from './currency-toggle.tsx'
import { PlanCard } from './plan-card.tsx'
import { DEFAULT_CURRENCY, offeredCurrencies, planById } from './plan-prices.ts'
import { paysAtStripe } from './subscription-state.ts'
import { useChoosePlan } from './use-choose-plan.ts'
import './billing.css'

export function PaymentPlans() {
  const client = useApi()
  const catalogue = useQuery(plansQuery(client))
  const reading = useQuery(subscriptionQuery(client))
  const portal = useOpenBillingPortal()
  const paying =
    reading.data?.kind === 'current' && paysAtStripe(reading.data.subscription) ? reading.data.subscription : null
  const [currency, setCurrency] = useState(DEFAULT_CURRENCY)
  const { choose, checkout } = useChoosePlan(currency)
  const [search, setSearch] = useSearchParams()
  const [choosing, setChoosing] = useState<number | null>(null)
  const resumed = useRef(false)

  const start = (planId: number) => {
    const plan = planById(catalogue.data?.plans ?? [], String(planId))
    if (!plan) return
    setChoosing(plan.id)
    choose(plan)
  }

  useEffect(() => {
    if (resumed.current || !catalogue.data || search.get('customerInfoCompleted') !== 'true') return
    resumed.current = true
    const plan = planById(catalogue.data.plans, search.get('plan'))
    setSearch({}, { replace: true })
    if (plan) start(plan.id)
  })

  if (catalogue.isPending) return <PageLoading label="Loading plans" />
  if (catalogue.isError)
    return (
      <LoadFailedBanner title="Unable to load plans" error={catalogue.error} onRetry={() => void catalogue.refetch()} />
    )
  if (catalogue.data.plans.length === 0)
    return <EmptyCard heading="No plans available">Plans will be listed here once they are offered.</EmptyCard>
  return (
    <BlockStack gap="400">
      {paying ? (
        <Banner
          tone="info"
          title={`You pay for ${paying.plan_name} by card`}
          action={{ content: 'Manage Billing', onAction: portal.open, loading: portal.isPending }}
        >
          <p>Change your plan or your card in Manage Billing, where your subscription is.</p>
        </Banner>
      ) : null}
      {checkout.isError ? (
        <Banner
          tone="critical"
          title={`Payment failed: ${messageOf(checkout.error)}`}
          onDismiss={() => checkout.reset()}
        >
          <p>No charge was made. Try again, or contact us if the problem stays.</p>
        </Banner>
      ) : null}
      <div className="billing-inset">
        <CurrencyToggle
          currencies={offeredCurrencies(catalogue.data.currencies)}
          value={currency}
          onChange={setCurrency}
        />
      </div>
      <div className="plan-grid">
        {catalogue.data.plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            currency={currency}
            busy={checkout.isPending && choosing === plan.id}
            onChoose={(chosen) => start(chosen.id)}
          />
        ))}
      </div>
    </BlockStack>
  )
}
