// How a subscription reads (SPEC section 4), the one reading every screen takes from the server's answer
// (GET /plans/get-user-subscription/): the profile's badge, Settings' buttons, Usage & Plan's status and
// footer, and Payment Successful! agree because they all ask here.
import type { Subscription } from '#server/billing/billing.schemas.ts'
import type { SubscriptionReading } from './billing.types.ts'

export const isSubscriptionActive = (subscription: Subscription) =>
  subscription.subscription_status && !subscription.is_expired

/**
 * Where the account stands: never had a plan; on its free trial; paying (renewing); paying but set to
 * end with its period (cancelled); or its last subscription has ended.
 */
export type PlanStanding = 'none' | 'trial' | 'paid' | 'ending' | 'ended'

export function planStandingOf(reading: SubscriptionReading): PlanStanding {
  if (reading.kind === 'none') return 'none'
  const { subscription } = reading
  if (reading.kind === 'ended' || !isSubscriptionActive(subscription)) return 'ended'
  if (subscription.cancel_at_period_end) return 'ending'
  return subscription.is_trial || subscription.status === 'trialing' ? 'trial' : 'paid'
}

/** A plan someone pays for (by card at Stripe, or through Shopify) that gives access now: what Payment Successful! needs. */
export function isPaidAndActive(reading: SubscriptionReading | undefined): boolean {
  if (!reading || reading.kind !== 'current') return false
  const { subscription } = reading
  return (
    isSubscriptionActive(subscription) &&
    !subscription.is_trial &&
    subscription.status === 'active' &&
    (subscription.provider === 'stripe' || subscription.provider === 'shopify')
  )
}

/** The account pays for this plan (a trial or a plan set to end included only while paid for): not a free trial. */
export const isPaying = (subscription: Subscription) =>
  isSubscriptionActive(subscription) && !subscription.is_trial && subscription.status !== 'trialing'

/** Paid by card at Stripe while it lasts: the billing portal changes, resumes or cancels it, and checkout refuses a second. */
export const paysAtStripe = (subscription: Subscription) =>
  subscription.provider === 'stripe' && isSubscriptionActive(subscription)

export type BadgeTone = 'success' | 'info' | 'warning' | 'critical'

/** The badge beside the plan's name: Free trial, Active, Past due or Expired. */
export function statusBadge(subscription: Subscription): { label: string; tone: BadgeTone } {
  if (!isSubscriptionActive(subscription)) return { label: 'Expired', tone: 'critical' }
  if (subscription.status === 'trialing' || subscription.is_trial) return { label: 'Free trial', tone: 'info' }
  if (subscription.status === 'past_due') return { label: 'Past due', tone: 'warning' }
  return { label: 'Active', tone: 'success' }
}

/** The profile's plan badge: the plan paid for, the free trial, or no plan. */
export function planBadge(reading: SubscriptionReading): { label: string; tone: BadgeTone | undefined } {
  const standing = planStandingOf(reading)
  if (standing === 'none' || standing === 'ended' || reading.kind === 'none')
    return { label: 'No plan', tone: undefined }
  if (!isPaying(reading.subscription)) return { label: `${reading.subscription.plan_name} free trial`, tone: 'info' }
  return { label: reading.subscription.plan_name, tone: 'success' }
}

/** "9 days remaining", "1 day remaining", or Expired. */
export function remainingText(subscription: Subscription): string {
  if (!isSubscriptionActive(subscription)) return 'Expired'
  return `${subscription.remaining_days} ${subscription.remaining_days === 1 ? 'day' : 'days'} remaining`
}

/** The day access ends or renews. */
export const endDateOf = (subscription: Subscription) =>
  subscription.current_period_end ?? subscription.subscription_end_date

/** The date the plan renews, or ends when it will not renew (a trial, a cancelled plan). */
export function nextDate(subscription: Subscription): { label: string; date: string } {
  const date = endDateOf(subscription)
  if (subscription.is_trial) return { label: 'Trial ends', date }
  if (subscription.cancel_at_period_end || !isSubscriptionActive(subscription))
    return { label: 'Ends', date: subscription.subscription_end_date }
  return { label: 'Next billing date', date }
}
