import type { PrismaQueries } from '../billing/account-standing.ts'
import { batchReads } from '../db/batch-reads.ts'
import type { Database } from '../db/database.ts'
import { oncePerDatabase } from '../db/once-per-database.ts'
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
async function readCounters(prisma: PrismaQueries, { accountId, keys }: ReadCountersOptions): Promise<number[]> {
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

const countersReaderOf = oncePerDatabase((database) =>
  batchReads<number[]>({
    maxKeys: 50,
    concurrency: 2,
    readMany: async (keys) =>
      new Map(
        await Promise.all(keys.map(async (key) => [key, await readCounters(database.prisma, parseKey(key))] as const)),
      ),
  }),
)

/**
 * readCounters, made together with the same reads asked for meanwhile (batchReads): a crowd of visitors
 * of one widget reads its counters a few times, not once each. Each still reads after it asked.
 */
export async function readCountersInBatch(database: Database, options: ReadCountersOptions): Promise<number[]> {
  return (await countersReaderOf(database)(JSON.stringify(options))) ?? []
}

function parseKey(key: string): ReadCountersOptions {
  const { accountId, keys } = JSON.parse(key) as { accountId: string; keys: (CounterKey & { periodStart: string })[] }
  return { accountId, keys: keys.map((counter) => ({ ...counter, periodStart: new Date(counter.periodStart) })) }
}
