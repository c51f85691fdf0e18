import type { Database } from '../db/database.ts'
import type { UsagePeriod } from '../billing/billing-period.ts'
import { usagePeriodOf } from './usage-period.ts'

export interface PeriodUsage {
  period: UsagePeriod
  tokens: number
  conversations: number
  messages: number
}

/** What the account used in its current billing period: what plan limits are checked against. */
export async function readUsage(database: Database, accountId: string, scope = ''): Promise<PeriodUsage> {
  const period = await usagePeriodOf(database, accountId)
  const counters = await database.prisma.usageCounter.findMany({
    where: { accountId, scope, periodStart: period.start },
  })
  const valueOf = (metric: string) => Number(counters.find((counter) => counter.metric === metric)?.value ?? 0n)
  return { period, tokens: valueOf('tokens'), conversations: valueOf('conversations'), messages: valueOf('messages') }
}
