import { randomUUID } from 'node:crypto'
import type { Database } from '../db/database.ts'
import type { UsageMetric } from '../db/generated/prisma/client.ts'
import type { UsagePeriod } from '../billing/billing-period.ts'
import { usagePeriodOf } from './usage-period.ts'

type UsageAmounts = Partial<Record<UsageMetric, number>>

export interface RecordUsageOptions {
  accountId: string
  amounts: UsageAmounts
  scope?: string
  given?: UsagePeriod
}

/**
 * Adds to the account's counters for the current billing period (or the period given, such as a
 * widget's day), atomically: insert or add in one statement, so concurrent chats never lose a count.
 * Zero amounts are skipped.
 */
export async function recordUsage(
  database: Database,
  { accountId, amounts, scope = '', given }: RecordUsageOptions,
): Promise<void> {
  const entries = Object.entries(amounts).filter(([, amount]) => amount && amount > 0) as [UsageMetric, number][]
  if (entries.length === 0) return
  const period = given ?? (await usagePeriodOf(database, accountId))
  for (const [metric, amount] of entries) {
    await database.prisma.$executeRaw`
      insert into usage_counters (id, account_id, metric, scope, period_start, period_end, value, updated_at)
      values (${randomUUID()}::uuid, ${accountId}::uuid, ${metric}::"UsageMetric", ${scope}, ${period.start}, ${period.end}, ${amount}, now())
      on conflict (account_id, metric, scope, period_start) do update set value = usage_counters.value + excluded.value, updated_at = now()`
  }
}
