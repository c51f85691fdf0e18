import { findCurrentSubscription, usagePeriodFor } from '../billing/account-standing.ts'
import type { UsagePeriod } from '../billing/billing-period.ts'
import type { Database } from '../db/database.ts'

/**
 * The billing period usage counts towards: the current monthly period of the account's live
 * subscription, or the calendar month (UTC) when it has none.
 */
export async function usagePeriodOf(database: Database, accountId: string, moment = new Date()): Promise<UsagePeriod> {
  return usagePeriodFor(await findCurrentSubscription(database.prisma, accountId), moment)
}
