import type { BillingNotification as NotificationView } from './billing.schemas.ts'
import type { Actor } from '../accounts/actor.ts'
import { latestSubscription, type BillingServices } from './read-subscription.ts'
import { describeLimit, LIMIT_NAMES, UNLIMITED, type LimitName } from './plan-limits.ts'
import { UPGRADE_URL } from './plan-refusals.ts'
import { readUsageLimits } from './read-usage-limits.ts'
import { remainingDays } from './subscription-view.ts'

interface BillingNotification {
  /** Stable while the fact holds (a client may remember it was dismissed). */
  id: string
  kind: 'usage' | 'trial' | 'subscription'
  level: 'warning' | 'critical'
  title: string
  message: string
  action_url: string
  metric?: LimitName
  percent?: number
}

const LABELS: Record<LimitName, string> = {
  conversations: 'Conversations',
  messages: 'Messages',
  tokens: 'AI tokens',
  widgets: 'Widgets',
  team_members: 'Team members',
  agents: 'Agents',
}
const METERED = new Set<LimitName>(['conversations', 'messages', 'tokens'])
/** What a used-up limit says: all of it used, or (tokens) too little left for another answer. */
function fullSentence(name: LimitName, limit: number, percent: number): string {
  if (percent < 100) return `Your plan's ${LABELS[name]} are almost used up: too few are left for another answer`
  return limit === 1
    ? `Your plan's ${describeLimit(name, 1)} is in use`
    : `You have used all ${describeLimit(name, limit)} of your plan`
}

/** A trial this close to its end is announced. */
const TRIAL_NOTICE_DAYS = 3

/**
 * What the owner should know about their plan, worked out from where it stands now (nothing is stored):
 * each limit at 80 % (warning) and 100 % (critical), a trial ending within 3 days, a trial or
 * subscription that has ended. None when limits are not enforced: nothing would stop.
 */
export async function billingNotifications(
  services: BillingServices,
  actor: Pick<Actor, 'userId'>,
): Promise<{ notifications: NotificationView[] }> {
  if (services.plans.mode !== 'enforced') return { notifications: [] }
  const { standing, view } = await readUsageLimits(services, actor)
  const notifications: BillingNotification[] = []
  const subscription = await latestSubscription(services.database, standing)
  if (!standing.live) {
    const trial = subscription?.provider === 'trial'
    if (subscription) {
      notifications.push({
        id: `${trial ? 'trial' : 'subscription'}:ended:${subscription.id}`,
        kind: trial ? 'trial' : 'subscription',
        level: 'critical',
        title: trial ? 'Your free trial has ended' : 'Your subscription has ended',
        message: 'Your agents no longer answer. Choose a plan to turn them back on.',
        action_url: UPGRADE_URL,
      })
    }
    return { notifications }
  }
  if (subscription?.status === 'past_due') {
    notifications.push({
      id: `subscription:past-due:${subscription.id}:${subscription.currentPeriodStart.toISOString()}`,
      kind: 'subscription',
      level: 'critical',
      title: 'Your last payment failed',
      message:
        subscription.provider === 'shopify'
          ? "Your store's Shopify bill is unpaid. Your plan keeps working to the end of the period paid for: pay the bill in your Shopify admin to keep it."
          : 'Your plan keeps working while the payment is tried again. Update your card with Manage Billing to keep it.',
      action_url: '/app/usage',
    })
  }
  const days = subscription ? remainingDays(subscription, standing.moment) : 0
  if (subscription?.provider === 'trial' && days <= TRIAL_NOTICE_DAYS) {
    notifications.push({
      id: `trial:ending:${subscription.id}`,
      kind: 'trial',
      level: 'warning',
      title: days <= 1 ? 'Your free trial ends today' : `Your free trial ends in ${days} days`,
      message: 'Choose a plan to keep your agents answering when it ends.',
      action_url: UPGRADE_URL,
    })
  }
  for (const name of LIMIT_NAMES) {
    const limit = view.features_limit[name]
    const percent = view.percent[name]
    if (limit === UNLIMITED) continue
    // Tokens run out before 100 %: a message needs room for its answer's reservation.
    const full = percent >= 100 || (name === 'tokens' && view.remaining.tokens < services.plans.answerReserve)
    if (!full && percent < 80) continue
    const period = METERED.has(name) ? ` this period` : ''
    notifications.push({
      id: `usage:${name}:${full ? 100 : 80}:${standing.period.start.toISOString()}`,
      kind: 'usage',
      level: full ? 'critical' : 'warning',
      title: full ? `${LABELS[name]} limit reached` : `${LABELS[name]} at ${percent}% of your plan`,
      message: full
        ? `${fullSentence(name, limit, percent)}${period}. Upgrade your plan to ${METERED.has(name) ? 'continue' : 'add more'}.`
        : `You have used ${view.usage[name].toLocaleString('en-US')} of ${describeLimit(name, limit)}${period}.`,
      action_url: UPGRADE_URL,
      metric: name,
      percent,
    })
  }
  return { notifications }
}
