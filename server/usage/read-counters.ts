import type { PrismaQueries } from '../billing/account-standing.ts'
import type { UsageMetric } from '../db/generated/prisma/client.ts'

/** One of an account's usage counters: a metric, its scope ('' for the account's plan) and its period. */
export interface CounterKey {
  metric: UsageMetric
  scope: string
  periodStart: Date
}

export interface ReadCountersOptions {
  accountId: string
  keys: CounterKey[]
}

/** What each counter holds (0 before anything counted), in the keys' order, read in one statement. */
export async function readCounters(prisma: PrismaQueries, { accountId, keys }: ReadCountersOptions): Promise<number[]> {
  if (keys.length === 0) return []
  const rows = await prisma.usageCounter.findMany({
    where: { accountId, OR: keys.map(({ metric, scope, periodStart }) => ({ metric, scope, periodStart })) },
    select: { metric: true, scope: true, periodStart: true, value: true },
  })
  return keys.map((key) => {
    const row = rows.find(
      (found) =>
        found.metric === key.metric &&
        found.scope === key.scope &&
        found.periodStart.getTime() === key.periodStart.getTime(),
    )
    return Number(row?.value ?? 0n)
  })
}
