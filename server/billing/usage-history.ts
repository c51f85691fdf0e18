import { isId } from '../../shared/ids.schemas.ts'
import type { Actor } from '../accounts/actor.ts'
import { AppError } from '../errors/app-error.ts'
import { BILLING_MESSAGES, type BillingServices } from './read-subscription.ts'

/** The account's usage per billing period, newest first; only one subscription's periods when its id is given. */
export async function readUsageHistory({ database }: BillingServices, actor: Actor, subscriptionId?: string) {
  const subscription =
    subscriptionId && isId(subscriptionId)
      ? await database.prisma.subscription.findFirst({ where: { id: subscriptionId, accountId: actor.userId } })
      : null
  if (subscriptionId && !subscription) throw new AppError('NOT_FOUND', BILLING_MESSAGES.notFound)
  const window = subscription
    ? { gte: subscription.startedAt, lt: subscription.endedAt ?? subscription.currentPeriodEnd }
    : undefined
  const counters = await database.prisma.usageCounter.findMany({
    where: { accountId: actor.userId, scope: '', ...(window ? { periodStart: window } : {}) },
    orderBy: { periodStart: 'desc' },
  })
  const periods = new Map<
    number,
    { period_start: string; period_end: string; tokens: number; conversations: number; messages: number }
  >()
  for (const counter of counters) {
    const key = counter.periodStart.getTime()
    const period = periods.get(key) ?? {
      period_start: counter.periodStart.toISOString(),
      period_end: counter.periodEnd.toISOString(),
      tokens: 0,
      conversations: 0,
      messages: 0,
    }
    period[counter.metric] = Number(counter.value)
    periods.set(key, period)
  }
  return { periods: [...periods.values()] }
}
