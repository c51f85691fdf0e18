import type { Database } from '../../db/database.ts'
import type { ShopifyBulkImport } from '../../db/generated/prisma/client.ts'
import { JobAlreadyActiveError } from '../../jobs/enqueue-job.ts'
import { enqueueJobOf } from '../../jobs/job-kind.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import { SHOPIFY_FINISH_CATALOGUE, SHOPIFY_FINISH_CATALOGUE_JOB } from './shopify-job-kinds.ts'

export interface QueueCatalogueFinishOptions {
  queue: JobQueue
  bulkImport: ShopifyBulkImport & { shop: { accountId: string } }
  delayMs?: number
}

/**
 * Queues the one job that reads an export's result. The finish webhook calls it with no delay and
 * pulls a waiting poll forward; the import's start calls it with a delay, as the poll.
 */
export async function queueCatalogueFinish(
  database: Database,
  { queue, bulkImport, delayMs = 0 }: QueueCatalogueFinishOptions,
) {
  const runAfter = new Date(Date.now() + delayMs)
  try {
    await enqueueJobOf(database.prisma, SHOPIFY_FINISH_CATALOGUE, {
      accountId: bulkImport.shop.accountId,
      agentId: bulkImport.agentId,
      subjectType: 'shopify-bulk-import',
      subjectId: bulkImport.id,
      payload: { bulkImportId: bulkImport.id },
      onlyOneActive: true,
      runAfter,
    })
  } catch (error) {
    if (!(error instanceof JobAlreadyActiveError)) throw error
    if (delayMs === 0)
      await database.prisma.job.updateMany({
        where: { activeKey: `${SHOPIFY_FINISH_CATALOGUE_JOB}:${bulkImport.id}`, status: 'queued' },
        data: { runAfter },
      })
  }
  queue.wake()
}
