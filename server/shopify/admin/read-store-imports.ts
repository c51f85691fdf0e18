// What the embedded Knowledge screen shows of the store in one agent's knowledge: how many products,
// collections, pages, articles and policies it holds, and how its latest imports went.
import type { Database } from '../../db/database.ts'
import { SHOPIFY_IMPORT_JOBS } from '../jobs/shopify-job-kinds.ts'
/** The latest imports shown: one import makes up to three jobs. */
export const LATEST_IMPORTS_SHOWN = 6

export interface StoreImportsOf {
  /** The shop's account: only its jobs are read. */
  accountId: string
  shopId: string
  agentId: string
}

export async function readStoreImports(database: Database, { accountId, shopId, agentId }: StoreImportsOf) {
  const [resources, jobs] = await Promise.all([
    database.prisma.shopifyResource.groupBy({
      by: ['kind'],
      where: { shopId, agentId },
      _count: { _all: true },
      orderBy: { kind: 'asc' },
    }),
    database.prisma.job.findMany({
      where: { accountId, agentId, kind: { in: SHOPIFY_IMPORT_JOBS } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: LATEST_IMPORTS_SHOWN,
      select: {
        id: true,
        kind: true,
        status: true,
        progress: true,
        progressDetail: true,
        lastError: true,
        createdAt: true,
      },
    }),
  ])
  return {
    counts: resources.map((row) => ({ kind: row.kind, count: row._count._all })),
    jobs: jobs.map((job) => ({ ...job, createdAt: job.createdAt.toISOString() })),
  }
}
