import { findCurrentSubscription, usagePeriodFor } from '../billing/account-standing.ts'
import type { UsagePeriod } from '../billing/billing-period.ts'
import { KEPT_SUBSCRIPTIONS } from '../billing/kept-subscriptions.ts'
import { keptRowsOf } from '../db/caching/kept-rows.ts'
import type { Database } from '../db/database.ts'

/**
 * The billing period usage counts towards: the current monthly period of the account's live
 * subscription, or the calendar month (UTC) when it has none.
 */
export async function usagePeriodOf(database: Database, accountId: string, moment = new Date()): Promise<UsagePeriod> {
  const read = () => findCurrentSubscription(database.prisma, accountId)
  const kept = keptRowsOf(database, KEPT_SUBSCRIPTIONS)
  const subscription = kept
    ? ((await kept.read(accountId, async () => ({ subscription: await read() })))?.subscription ?? null)
    : await read()
  return usagePeriodFor(subscription, moment)
}
