// The plan's status as Usage & Plan and Settings both show it: Free trial, Active, Past due or Expired,
// and Cancels at period end for a plan set to end.
import { Badge } from '@shopify/polaris'
import type { Subscription } from '#server/billing/billing.schemas.ts'
import { isSubscriptionActive, statusBadge } from './subscription-state.ts'

export function PlanStatusBadges({ subscription }: { subscription: Subscription }) {
  const badge = statusBadge(subscription)
  return (
    <>
      <Badge tone={badge.tone}>{badge.label}</Badge>
      {subscription.cancel_at_period_end && isSubscriptionActive(subscription) ? (
        <Badge tone="warning">Cancels at period end</Badge>
      ) : null}
    </>
  )
}
