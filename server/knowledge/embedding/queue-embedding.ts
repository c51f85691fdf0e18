import type { Database } from '../../db/database.ts'
import { JobAlreadyActiveError, type JobWriter } from '../../jobs/enqueue-job.ts'
import { enqueueJobOf } from '../../jobs/job-kind.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import type { KnowledgeItemType } from '../indexing/knowledge-item.ts'
import { EMBED_ITEM } from './embed-item-job.ts'

/** A knowledge item as the embed job needs to find it. */
export interface EmbeddableItem {
  type: KnowledgeItemType
  id: string
  agentId: string
  accountId: string
}

type Writer = JobWriter & Pick<Database['prisma'], 'text'>

export interface QueueEmbeddingOptions {
  /** The caller has just written the text's status as processing, in the same transaction: not written again. */
  statusWritten?: boolean
}

/**
 * Queues the item's embed job, or throws JobAlreadyActiveError when one is queued or running. A text's
 * status says it is being embedded before the job exists, so a job that finishes at once cannot be
 * overwritten by a late "processing". Pass a transaction to queue with the item's own write (on
 * PostgreSQL a refused insert ends the transaction, so the error is left to the caller).
 */
export async function queueEmbeddingJob(
  writer: Writer,
  item: EmbeddableItem,
  { statusWritten = false }: QueueEmbeddingOptions = {},
) {
  if (item.type === 'text' && !statusWritten)
    await writer.text.updateMany({ where: { id: item.id }, data: { status: 'processing', statusError: null } })
  return enqueueJobOf(writer, EMBED_ITEM, {
    accountId: item.accountId,
    agentId: item.agentId,
    subjectType: item.type,
    subjectId: item.id,
    payload: { type: item.type, id: item.id },
    onlyOneActive: true,
  })
}

/** Queues the item's embed job; one already queued or running is enough (it reads the item when it starts). */
export async function queueEmbedding(writer: Writer, item: EmbeddableItem) {
  try {
    return await queueEmbeddingJob(writer, item)
  } catch (error) {
    if (!(error instanceof JobAlreadyActiveError)) throw error
    return null
  }
}

/** Whether the item's embed job is running now: it has read the item already and would index stale words. */
export async function isBeingEmbedded(database: Database, id: string) {
  const job = await database.prisma.job.findUnique({
    where: { activeKey: `${EMBED_ITEM.kind}:${id}` },
    select: { status: true },
  })
  return job?.status === 'running'
}

export interface EmbedWhenReadOptions {
  queue?: JobQueue
  item: EmbeddableItem
}

/**
 * "Train new knowledge automatically": once an item has been read (a text saved, a document extracted, a
 * website crawled), its agent's setting decides whether it is embedded without anyone clicking Embed.
 * Answers whether a job was queued.
 */
export async function embedWhenRead(database: Database, { queue, item }: EmbedWhenReadOptions) {
  const agent = await database.prisma.agent.findUnique({ where: { id: item.agentId }, select: { autoEmbed: true } })
  if (!agent?.autoEmbed) return false
  const job = await queueEmbedding(database.prisma, item)
  queue?.wake()
  return job !== null
}
