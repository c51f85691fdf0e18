// SPEC section 2, Usage & Plan: without a subscription, No Active Subscription and View Plans; with one
// (an ended one too, shown as Expired), the current plan, usage bars, Overview and History tabs, and
// the footer with Cancel Subscription.
import { Banner, BlockStack, Tabs } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { useApi } from '../../api/api-context.tsx'
import { EmptyCard } from '../../feedback/empty-card.tsx'
import { LoadFailedBanner } from '../../feedback/load-failed-banner.tsx'
import { PageLoading } from '../../shared/page-loading.tsx'
import { BillingModeBanner } from './billing-mode-banner.tsx'
import { subscriptionQuery } from './billing.queries.ts'
import { CancelSubscriptionFooter } from './cancel-subscription-footer.tsx'
import { CurrentPlanCard } from './current-plan-card.tsx'
import { SubscriptionHistory } from './subscription-history.tsx'
import { SubscriptionOverview } from './subscription-overview.tsx'
import { usageFigures } from './usage-figures.ts'
import { UsageBars } from './usage-bars.tsx'
import './billing.css'

const BARS = ['conversations', 'tokens', 'agents', 'messages', 'widgets', 'team_members'] as const
const TABS = [
  { key: 'overview', id: 'usage-tab-overview', content: 'Overview', panelID: 'usage-panel-overview' },
  { key: 'history', id: 'usage-tab-history', content: 'History', panelID: 'usage-panel-history' },
]

export function UsageAndPlan() {
  const client = useApi()
  const reading = useQuery(subscriptionQuery(client))
  const [search, setSearch] = useSearchParams()
  const selected = Math.max(
    0,
    TABS.findIndex((tab) => tab.key === search.get('tab')),
  )

  if (reading.isPending) return <PageLoading label="Loading your plan" />
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
      <EmptyCard heading="No Active Subscription" action={{ content: 'View Plans', url: '/app/payment' }}>
        Choose a plan to keep your agents answering and to see your usage here.
      </EmptyCard>
    )
  }
  const { subscription } = reading.data
  return (
    <BlockStack gap="400">
      <BillingModeBanner mode={subscription.billing_mode} />
      {/* Where limits are not enforced nothing stops when a plan ends: the mode's banner says so instead. */}
      {reading.data.kind === 'ended' && subscription.billing_mode === 'enforced' ? (
        <Banner
          tone="critical"
          title="Your subscription has expired"
          action={{ content: 'Upgrade Plan', url: '/app/payment' }}
        >
          <p>Choose a plan to keep your agents answering.</p>
        </Banner>
      ) : null}
      <CurrentPlanCard subscription={subscription} />
      <UsageBars figures={usageFigures(subscription, BARS)} />
      <Tabs
        tabs={TABS}
        selected={selected}
        onSelect={(index) => setSearch({ tab: TABS[index]?.key ?? 'overview' }, { replace: true })}
      >
        <div className="billing-tab">
          {selected === 0 ? <SubscriptionOverview subscription={subscription} /> : <SubscriptionHistory />}
        </div>
      </Tabs>
      <CancelSubscriptionFooter subscription={subscription} />
    </BlockStack>
  )
}
