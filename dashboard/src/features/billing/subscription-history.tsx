// SPEC section 2, Usage & Plan, History tab: the account's subscriptions, newest first (subscription
// id, plan id, start date, end date, status); without any, No subscription history found. and Load History.
import { Badge, Card } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/api-context.tsx'
import { EmptyCard } from '../../feedback/empty-card.tsx'
import { LoadFailedBanner } from '../../feedback/load-failed-banner.tsx'
import { formatDate } from '../../shared/format/format-dates.ts'
import { subscriptionHistoryQuery } from './billing.queries.ts'
import { LoadingCard } from './loading-card.tsx'
import type { SubscriptionStatus } from '#server/billing/billing.schemas.ts'

const STATUS_LOOK: Record<SubscriptionStatus, { label: string; tone?: 'success' | 'info' | 'warning' | 'critical' }> = {
  incomplete: { label: 'Awaiting payment', tone: 'warning' },
  trialing: { label: 'Free trial', tone: 'info' },
  active: { label: 'Active', tone: 'success' },
  past_due: { label: 'Past due', tone: 'warning' },
  cancelled: { label: 'Cancelled' },
  expired: { label: 'Expired', tone: 'critical' },
}

export function SubscriptionHistory() {
  const client = useApi()
  const history = useQuery(subscriptionHistoryQuery(client))
  if (history.isPending) return <LoadingCard label="Loading subscription history" lines={3} />
  if (history.isError)
    return (
      <LoadFailedBanner
        title="Unable to load your subscription history"
        error={history.error}
        onRetry={() => void history.refetch()}
      />
    )
  if (history.data.length === 0) {
    return (
      <EmptyCard
        heading="No subscription history found."
        action={{ content: 'Load History', onAction: () => void history.refetch(), loading: history.isFetching }}
      >
        Your subscriptions appear here once you have one.
      </EmptyCard>
    )
  }
  return (
    <Card padding="0">
      <div className="billing-table-wrap" tabIndex={0} role="region" aria-label="Subscription history">
        <table className="billing-table">
          <thead>
            <tr>
              <th scope="col">Subscription ID</th>
              <th scope="col">Plan ID</th>
              <th scope="col">Start date</th>
              <th scope="col">End date</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {history.data.map((entry) => {
              const look = STATUS_LOOK[entry.status] ?? { label: entry.status }
              return (
                <tr key={entry.subscription_id} data-testid="subscription-history-row">
                  <td className="billing-table__id">{entry.subscription_id}</td>
                  <td>{`${entry.plan_id} (${entry.plan_name})`}</td>
                  <td>{formatDate(entry.start_date)}</td>
                  <td>{formatDate(entry.end_date)}</td>
                  <td>
                    <Badge tone={look.tone}>{look.label}</Badge>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </Card>
  )
}
