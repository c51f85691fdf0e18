// SPEC section 2, Settings, Billing & Plans: the current plan, usage, plan limits and invoices, and the
// buttons the account's standing calls for (the same reading as Usage & Plan and the profile): Subscribe
// Now while it pays for nothing (no plan, a trial, an ended plan); Change Plan, and Manage Billing (the
// billing portal) for a plan paid at Stripe, once it pays; the Shopify admin for a merchant.
import { ShopifyBillingNotice } from './shopify-billing-notice.tsx'
import { BlockStack, Button, Card, InlineStack } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/api-context.tsx'
import { EmptyCard } from '../../feedback/empty-card.tsx'
import { LoadFailedBanner } from '../../feedback/load-failed-banner.tsx'
import { useOpenBillingPortal } from './billing.mutations.ts'
import { subscriptionQuery } from './billing.queries.ts'
import { CurrentPlanSummary } from './current-plan-summary.tsx'
import { InvoicesCard } from './invoices-card.tsx'
import { LoadingCard } from './loading-card.tsx'
import { PlanLimitsCard } from './plan-limits-card.tsx'
import { LIMIT_NAMES, type Subscription } from '#server/billing/billing.schemas.ts'
import { isPaying, paysAtStripe } from './subscription-state.ts'
import { usageFigures } from './usage-figures.ts'
import { UsageBars } from './usage-bars.tsx'
import './billing.css'

function BillingActions({ subscription }: { subscription: Subscription }) {
  const portal = useOpenBillingPortal()
  if (subscription.managed_in_shopify)
    return (
      <Card>
        <ShopifyBillingNotice adminUrl={subscription.managed_in_shopify} />
      </Card>
    )
  return (
    <Card>
      <InlineStack gap="200" wrap>
        {paysAtStripe(subscription) ? (
          <Button onClick={portal.open} loading={portal.isPending}>
            Manage Billing
          </Button>
        ) : null}
        {isPaying(subscription) ? (
          <Button variant="primary" url="/app/payment">
            Change Plan
          </Button>
        ) : (
          <Button variant="primary" url="/app/payment">
            Subscribe Now
          </Button>
        )}
      </InlineStack>
    </Card>
  )
}

export function BillingSettingsTab() {
  const client = useApi()
  const reading = useQuery(subscriptionQuery(client))

  if (reading.isPending) return <LoadingCard label="Loading your subscription" lines={6} />
  if (reading.isError)
    return (
      <LoadFailedBanner
        title="Unable to load your subscription"
        error={reading.error}
        onRetry={() => void reading.refetch()}
      />
    )
  if (reading.data.kind === 'none') {
    return (
      <BlockStack gap="400">
        <EmptyCard heading="No Active Subscription" action={{ content: 'Subscribe Now', url: '/app/payment' }}>
          Choose a plan to see its limits and your usage here.
        </EmptyCard>
        <InvoicesCard />
      </BlockStack>
    )
  }
  const { subscription } = reading.data
  return (
    <BlockStack gap="400">
      <div className="billing-two-columns">
        <CurrentPlanSummary subscription={subscription} />
        <PlanLimitsCard subscription={subscription} />
      </div>
      <UsageBars title="Usage Overview" figures={usageFigures(subscription, LIMIT_NAMES)} />
      <InvoicesCard />
      <BillingActions subscription={subscription} />
    </BlockStack>
  )
}
