import type { Database } from '../../db/database.ts'
import type { ShopifyBulkImport } from '../../db/generated/prisma/client.ts'
import { enqueueJob, JobAlreadyActiveError } from '../../jobs/enqueue-job.ts'
import type { EmbeddingQueue } from '../../knowledge/embedding/start-embedding.ts'
import { SHOPIFY_FINISH_CATALOGUE_JOB } from './shopify-job-kinds.ts'

/** Enough tries to poll a large export for hours, each waiting longer (the worker's backoff). */
const FINISH_ATTEMPTS = 30

/**
 * Queues the one job that reads an export's result. The finish webhook calls it with no delay and
 * pulls a waiting poll forward; the import's start calls it with a delay, as the poll.
 */
export async function queueCatalogueFinish(database: Database, queue: EmbeddingQueue, bulkImport: ShopifyBulkImport & { shop: { accountId: string } }, delayMs = 0) {
  const runAfter = new Date(Date.now() + delayMs)
  try {
    await enqueueJob(database.prisma, {
      kind: SHOPIFY_FINISH_CATALOGUE_JOB,
      accountId: bulkImport.shop.accountId,
      agentId: bulkImport.agentId,
      subjectType: 'shopify-bulk-import',
      subjectId: bulkImport.id,
      payload: { bulkImportId: bulkImport.id },
      onlyOneActive: true,
      maxAttempts: FINISH_ATTEMPTS,
      runAfter,
    })
  } catch (error) {
    if (!(error instanceof JobAlreadyActiveError)) throw error
    if (delayMs === 0) await database.prisma.job.updateMany({ where: { activeKey: `${SHOPIFY_FINISH_CATALOGUE_JOB}:${bulkImport.id}`, status: 'queued' }, data: { runAfter } })
  }
  queue.wake()
}
