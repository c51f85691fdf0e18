// How a subscription reads (SPEC section 4): active while subscription_status is true and it has not
// expired; otherwise Expired (Settings) or Inactive (Usage & Plan).
import type { Subscription } from '#server/billing/billing.schemas.ts'

export const isSubscriptionActive = (subscription: Subscription) =>
  subscription.subscription_status && !subscription.is_expired

export type BadgeTone = 'success' | 'info' | 'warning' | 'critical'

/** The badge beside the plan's name: Free trial, Active, Past due or Expired. */
export function statusBadge(subscription: Subscription): { label: string; tone: BadgeTone } {
  if (!isSubscriptionActive(subscription)) return { label: 'Expired', tone: 'critical' }
  if (subscription.status === 'trialing' || subscription.is_trial) return { label: 'Free trial', tone: 'info' }
  if (subscription.status === 'past_due') return { label: 'Past due', tone: 'warning' }
  return { label: 'Active', tone: 'success' }
}

/** "9 days remaining", "1 day remaining", or Expired. */
export function remainingText(subscription: Subscription): string {
  if (!isSubscriptionActive(subscription)) return 'Expired'
  return `${subscription.remaining_days} ${subscription.remaining_days === 1 ? 'day' : 'days'} remaining`
}

/** The date the plan renews, or ends when it will not renew (a trial, a cancelled plan). */
export function nextDate(subscription: Subscription): { label: string; date: string } {
  const date = subscription.current_period_end ?? subscription.subscription_end_date
  if (subscription.is_trial) return { label: 'Trial ends', date }
  if (subscription.cancel_at_period_end || !isSubscriptionActive(subscription))
    return { label: 'Ends', date: subscription.subscription_end_date }
  return { label: 'Next billing date', date }
}
