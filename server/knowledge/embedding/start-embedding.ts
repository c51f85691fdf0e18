import type { Actor } from '../../accounts/actor.ts'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { JobAlreadyActiveError } from '../../jobs/enqueue-job.ts'
import { enqueueJobOf } from '../../jobs/job-kind.ts'
import { EMBED_ITEM } from './embed-item-job.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import type { KnowledgeItemType } from '../indexing/knowledge-item.ts'
import { toJobView } from './job-view.ts'
import { markKnowledgeItem, requireKnowledgeItem } from './require-knowledge-item.ts'

export const EMBED_ITEM_JOB = EMBED_ITEM.kind

export interface StartEmbeddingOptions {
  queue: JobQueue
  actor: Actor
  agentId: string
  type: KnowledgeItemType
  id: string
}

/** The SPEC's embed call: queues the item's extraction, chunking and indexing as a durable job. */
export async function startEmbedding(database: Database, { queue, actor, agentId, type, id }: StartEmbeddingOptions) {
  const item = await requireKnowledgeItem(database, { actor, agentId, type, id, need: 'edit' })
  if (item.embedded) throw new AppError('CONFLICT', 'Already embedded')
  await refuseWhileCrawling(database, type, id)
  // A text's status follows its embedding (said before the job exists: a job that finishes at once must
  // not be followed by a late "processing"); a document's follows its reading, which embedding leaves alone.
  if (type === 'text')
    await markKnowledgeItem(database, { type, id, data: { status: 'processing', statusError: null } })
  let job
  try {
    job = await enqueueJobOf(database.prisma, EMBED_ITEM, {
      accountId: item.accountId,
      agentId,
      subjectType: type,
      subjectId: id,
      payload: { type, id },
      onlyOneActive: true,
    })
  } catch (error) {
    if (!(error instanceof JobAlreadyActiveError)) throw error
    const active = await database.prisma.job.findUnique({ where: { activeKey: `${EMBED_ITEM_JOB}:${id}` } })
    throw new AppError('CONFLICT', 'Embedding is already in progress', active ? { job: toJobView(active) } : undefined)
  }
  queue.wake()
  return { job: toJobView(job) }
}

/** A website's pages change under a running crawl: embedding or deleting its index waits until it ends. */
export async function refuseWhileCrawling(database: Database, type: KnowledgeItemType, id: string) {
  if (type !== 'website') return
  const crawling = await database.prisma.job.findUnique({ where: { activeKey: `crawl-website:${id}` } })
  if (crawling)
    throw new AppError('CONFLICT', 'This website is being crawled; try again when the crawl has finished.', {
      job: toJobView(crawling),
    })
}
