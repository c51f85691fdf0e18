import type { Subscription, SubscriptionHistoryEntry } from './billing.schemas.ts'
import { effectiveStatus, isLive, usagePeriodFor, type SubscriptionWithPlan } from './account-standing.ts'
import type { BillingMode } from './billing-mode.ts'
import { runsUntilEnded } from './billing-period.ts'
import { limitsOfPlan, type PlanLimits } from './plan-limits.ts'

const DAY_MS = 86_400_000

/** Whole days left, rounded up (a trial started now has 14); 0 once it has ended. */
export function remainingDays(subscription: SubscriptionWithPlan, moment: Date): number {
  return isLive(subscription, moment)
    ? Math.ceil((shownEnd(subscription, moment).getTime() - moment.getTime()) / DAY_MS)
    : 0
}

/** When it ends or renews, as screens show it: one that runs until its provider ends it renews at its period's end. */
function shownEnd(subscription: SubscriptionWithPlan, moment: Date): Date {
  if (subscription.endedAt) return subscription.endedAt
  return runsUntilEnded(subscription) ? usagePeriodFor(subscription, moment).end : subscription.currentPeriodEnd
}

/** Usage in SPEC section 3's Subscription field names. */
export function usageFields(usage: PlanLimits) {
  return {
    tokens_usage: usage.tokens,
    conversations_usage: usage.conversations,
    messages_usage: usage.messages,
    agents_created: usage.agents,
    widgets_created: usage.widgets,
    team_members_created: usage.team_members,
  }
}

export interface ToSubscriptionViewOptions {
  subscription: SubscriptionWithPlan
  usage: PlanLimits
  mode: BillingMode
  moment: Date
}

/** SPEC section 3's Subscription, with its usage and limits; field names as the SPEC has them. */
export function toSubscriptionView({ subscription, usage, mode, moment }: ToSubscriptionViewOptions): Subscription {
  const live = isLive(subscription, moment)
  const period = usagePeriodFor(subscription, moment)
  return {
    subscription_id: subscription.id,
    plan_id: subscription.planId,
    plan_name: subscription.plan.name,
    status: effectiveStatus(subscription, moment),
    subscription_status: live,
    is_trial: subscription.provider === 'trial',
    is_expired: !live,
    provider: subscription.provider,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    subscription_start_date: subscription.startedAt.toISOString(),
    subscription_end_date: shownEnd(subscription, moment).toISOString(),
    subscription_updated_at: subscription.updatedAt.toISOString(),
    remaining_days: remainingDays(subscription, moment),
    current_period_start: live ? period.start.toISOString() : null,
    current_period_end: live ? period.end.toISOString() : null,
    ...usageFields(usage),
    features_limit: limitsOfPlan(subscription.plan),
    billing_mode: mode,
  }
}

export type SubscriptionView = Subscription

/** One line of the subscription history. */
export function toHistoryEntry(subscription: SubscriptionWithPlan, moment: Date): SubscriptionHistoryEntry {
  return {
    subscription_id: subscription.id,
    plan_id: subscription.planId,
    plan_name: subscription.plan.name,
    status: effectiveStatus(subscription, moment),
    provider: subscription.provider,
    start_date: subscription.startedAt.toISOString(),
    end_date: shownEnd(subscription, moment).toISOString(),
    cancelled_at: subscription.cancelledAt?.toISOString() ?? null,
  }
}
