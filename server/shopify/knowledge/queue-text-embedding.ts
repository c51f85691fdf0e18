import type { Database } from '../../db/database.ts'
import { JobAlreadyActiveError } from '../../jobs/enqueue-job.ts'
import { enqueueJobOf } from '../../jobs/job-kind.ts'
import { EMBED_ITEM } from '../../knowledge/embedding/embed-item-job.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'

export interface TextRef {
  id: string
  agentId: string
  accountId: string
}

/** Whether the text's embed job is running now: it has read the text already and would index stale words. */
export async function isTextBeingEmbedded(database: Database, textId: string) {
  const job = await database.prisma.job.findUnique({
    where: { activeKey: `${EMBED_ITEM.kind}:${textId}` },
    select: { status: true },
  })
  return job?.status === 'running'
}

/**
 * Queues the same embed job the dashboard's embed call queues. A job already queued for the text is
 * enough: it reads the text when it starts.
 */
export async function queueTextEmbedding(database: Database, queue: JobQueue, text: TextRef) {
  try {
    await enqueueJobOf(database.prisma, EMBED_ITEM, {
      accountId: text.accountId,
      agentId: text.agentId,
      subjectType: 'text',
      subjectId: text.id,
      payload: { type: 'text', id: text.id },
      onlyOneActive: true,
    })
  } catch (error) {
    if (!(error instanceof JobAlreadyActiveError)) throw error
  }
  await database.prisma.text.updateMany({ where: { id: text.id }, data: { status: 'processing', statusError: null } })
  queue.wake()
}
