import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { JobAlreadyActiveError } from '../../jobs/enqueue-job.ts'
import { enqueueJobOf } from '../../jobs/job-kind.ts'
import { toJobView } from '../../knowledge/embedding/job-view.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import { requireShopAgent } from '../knowledge/require-shop-agent.ts'
import { SHOPIFY_IMPORT_CATALOGUE, SHOPIFY_IMPORT_CONTENT } from './shopify-job-kinds.ts'

type StoreImportPart = 'catalogue' | 'content'

export interface EnqueueStoreImportOptions {
  database: Database
  queue: JobQueue
  shopDomain: string
  agentId: string
  /** The catalogue (products, by bulk export) and the content (collections, pages, articles, policies). */
  parts?: StoreImportPart[]
}

const KIND = { catalogue: SHOPIFY_IMPORT_CATALOGUE, content: SHOPIFY_IMPORT_CONTENT } satisfies Record<
  StoreImportPart,
  unknown
>

/**
 * Queues the store's import into an agent's knowledge as durable jobs (progress on the agent's job
 * list, retried on failure). The caller has checked the actor may edit the agent; this checks the
 * agent belongs to the shop's account. One import of each part at a time per agent.
 */
export async function enqueueStoreImport({
  database,
  queue,
  shopDomain,
  agentId,
  parts = ['catalogue', 'content'],
}: EnqueueStoreImportOptions) {
  const shop = await database.prisma.shopifyShop.findUnique({ where: { shopDomain } })
  if (!shop || shop.uninstalledAt) throw new AppError('NOT_FOUND', 'This shop is not connected.')
  await requireShopAgent(database, shop, agentId)
  const jobs = []
  for (const part of parts) {
    try {
      jobs.push(
        await enqueueJobOf(database.prisma, KIND[part], {
          accountId: shop.accountId,
          agentId,
          subjectType: `shopify-${part}`,
          subjectId: agentId,
          payload: { shopId: shop.id, agentId },
          onlyOneActive: true,
        }),
      )
    } catch (error) {
      // A part already being imported is left to its running job.
      if (!(error instanceof JobAlreadyActiveError)) throw error
    }
  }
  if (jobs.length === 0) throw new AppError('CONFLICT', 'The store is already being imported into this agent.')
  queue.wake()
  return { jobs: jobs.map(toJobView) }
}
