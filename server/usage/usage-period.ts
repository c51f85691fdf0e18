import type { Database } from '../db/database.ts'

export interface UsagePeriod {
  start: Date
  end: Date
}

/** The calendar month (UTC) holding the moment: the period of an account without a subscription. */
export function calendarMonthOf(moment: Date): UsagePeriod {
  const start = new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), 1))
  const end = new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth() + 1, 1))
  return { start, end }
}

/**
 * The billing period usage counts towards: the current period of the account's live subscription,
 * or the calendar month (UTC) when it has none.
 */
export async function usagePeriodOf(database: Database, accountId: string, moment = new Date()): Promise<UsagePeriod> {
  const subscription = await database.prisma.subscription.findFirst({
    where: { accountId, status: { in: ['active', 'trialing', 'past_due'] }, currentPeriodStart: { lte: moment }, currentPeriodEnd: { gt: moment } },
    orderBy: { currentPeriodEnd: 'desc' },
    select: { currentPeriodStart: true, currentPeriodEnd: true },
  })
  return subscription ? { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd } : calendarMonthOf(moment)
}
