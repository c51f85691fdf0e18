import { randomUUID } from 'node:crypto'
import type { PrismaQueries } from '../billing/account-standing.ts'
import type { UsagePeriod } from '../billing/billing-period.ts'
import { UNLIMITED } from '../billing/plan-limits.ts'
import type { UsageMetric } from '../db/generated/prisma/client.ts'

export interface ConsumeUsageOptions {
  accountId: string
  metric: UsageMetric
  amount: number
  limit: number
  period: UsagePeriod
}

/**
 * Adds `amount` to the account's counter for the period only if the total stays within `limit` (-1:
 * always), in one statement: the check and the increment cannot be pulled apart, so any number of
 * requests on any number of processes never pass the limit together. True when it was added.
 */
export async function consumeUsage(
  prisma: PrismaQueries,
  { accountId, metric, amount, limit, period }: ConsumeUsageOptions,
): Promise<boolean> {
  const unlimited = limit === UNLIMITED
  const rows = await prisma.$queryRaw<{ value: bigint }[]>`
    insert into usage_counters (id, account_id, metric, scope, period_start, period_end, value, updated_at)
    select ${randomUUID()}::uuid, ${accountId}::uuid, ${metric}::"UsageMetric", '', ${period.start}, ${period.end}, ${amount}::bigint, now()
    where ${unlimited} or ${amount}::bigint <= ${limit}::bigint
    on conflict (account_id, metric, scope, period_start) do update set value = usage_counters.value + excluded.value, updated_at = now()
    where ${unlimited} or usage_counters.value + excluded.value <= ${limit}::bigint
    returning value`
  return rows.length === 1
}

export interface UsedInPeriodOptions {
  accountId: string
  metric: UsageMetric
  period: UsagePeriod
}

/** What the account has used of a metric in the period (0 before anything counted). */
export async function usedInPeriod(
  prisma: PrismaQueries,
  { accountId, metric, period }: UsedInPeriodOptions,
): Promise<number> {
  const counter = await prisma.usageCounter.findUnique({
    where: { accountId_metric_scope_periodStart: { accountId, metric, scope: '', periodStart: period.start } },
    select: { value: true },
  })
  return Number(counter?.value ?? 0n)
}

export interface SettleUsageOptions {
  accountId: string
  metric: UsageMetric
  difference: number
  periodStart: Date
}

/**
 * Corrects a reservation made in a period by what was really spent: adds the difference, never below
 * zero. Unconditional, for the work was done.
 */
export async function settleUsage(
  prisma: PrismaQueries,
  { accountId, metric, difference, periodStart }: SettleUsageOptions,
): Promise<void> {
  if (difference === 0) return
  await prisma.$executeRaw`
    update usage_counters set value = greatest(value + ${difference}::bigint, 0), updated_at = now()
    where account_id = ${accountId}::uuid and metric = ${metric}::"UsageMetric" and scope = '' and period_start = ${periodStart}`
}
