import type { Actor } from '../accounts/actor.ts'
import { readAccountUsage } from './read-account-usage.ts'
import { LIMIT_NAMES, UNLIMITED, type PlanLimits } from './plan-limits.ts'
import type { BillingServices } from './read-subscription.ts'
import { usageFields } from './subscription-view.ts'

/** Percent of a limit used, whole, capped at 100; 0 for an unlimited one (and 100 for a limit of 0). */
export function percentUsed(used: number, limit: number): number {
  if (limit === UNLIMITED) return 0
  if (limit === 0) return 100
  return Math.min(100, Math.floor((used / limit) * 100))
}

const byLimit = (value: (name: keyof PlanLimits) => number) =>
  Object.fromEntries(LIMIT_NAMES.map((name) => [name, value(name)])) as unknown as PlanLimits

/** Usage against the plan in the current period: limits, use, what remains and the percent used of each. */
export async function readUsageLimits({ database, plans }: BillingServices, actor: Pick<Actor, 'userId'>) {
  const standing = await plans.standingOf(actor.userId)
  const usage = await readAccountUsage(database.prisma, actor.userId, standing.period)
  const limits = standing.limits
  return {
    standing,
    usage,
    view: {
      plan_name: standing.planName,
      billing_mode: plans.mode,
      period_start: standing.period.start.toISOString(),
      period_end: standing.period.end.toISOString(),
      features_limit: limits,
      usage,
      remaining: byLimit((name) => (limits[name] === UNLIMITED ? UNLIMITED : Math.max(0, limits[name] - usage[name]))),
      percent: byLimit((name) => percentUsed(usage[name], limits[name])),
    },
  }
}

/** GET /subscriptions/usage/: the period's use, in the Subscription's field names. */
export async function readUsageSummary(services: BillingServices, actor: Actor) {
  const { view, usage } = await readUsageLimits(services, actor)
  return { period_start: view.period_start, period_end: view.period_end, ...usageFields(usage) }
}

/** GET /subscriptions/credits/remaining/: credits are the plan's LLM tokens. */
export async function readRemainingCredits(services: BillingServices, actor: Actor) {
  const { view } = await readUsageLimits(services, actor)
  return {
    credits_remaining: view.remaining.tokens,
    credits_per_month: view.features_limit.tokens,
    period_end: view.period_end,
  }
}
