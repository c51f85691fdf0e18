import type { Actor } from '../../accounts/actor.ts'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { JobAlreadyActiveError } from '../../jobs/enqueue-job.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import { toJobView } from '../embedding/job-view.ts'
import { queueEmbeddingJob } from '../embedding/queue-embedding.ts'
import { EMBED_ITEM_JOB } from '../embedding/start-embedding.ts'
import type { UpdateText } from '../knowledge.schemas.ts'
import { requireText } from './require-text.ts'
import { toTextView } from './text-view.ts'

export interface UpdateTextOptions {
  queue: JobQueue
  actor: Actor
  agentId: string
  textId: string
  changes: UpdateText
}

const BEING_EMBEDDED = 'This text is being embedded; change it when embedding has finished.'

/**
 * Changes a text. When its words change and it was embedded (or its agent trains automatically), it is
 * embedded again so answers follow: the change and the embed job are one transaction, so no list ever
 * reads the text as not embedded with nothing on the way.
 */
export async function updateText(database: Database, { queue, actor, agentId, textId, changes }: UpdateTextOptions) {
  const before = await requireText(database, { actor, agentId, textId, need: 'edit' })
  // Refused before anything is saved: a change under a running embed would be indexed half or not at all.
  if (await database.prisma.job.count({ where: { activeKey: `${EMBED_ITEM_JOB}:${textId}` } }))
    throw new AppError('CONFLICT', BEING_EMBEDDED)
  const isContentChanged =
    (changes.text_title !== undefined && changes.text_title !== before.title) ||
    (changes.text_content !== undefined && changes.text_content !== before.content)
  const agent = await database.prisma.agent.findUniqueOrThrow({ where: { id: agentId }, select: { autoEmbed: true } })
  const isEmbeddedAgain = isContentChanged && (before.embedded || agent.autoEmbed)
  try {
    const { updated, job } = await database.prisma.$transaction(async (transaction) => {
      const row = await transaction.text.update({
        where: { id: textId },
        data: {
          title: changes.text_title,
          content: changes.text_content,
          description: changes.text_description,
          tags: changes.text_tags,
          metaData: changes.meta_data as object | undefined,
          ...(isEmbeddedAgain ? { embedded: false, embeddedAt: null, status: 'processing', statusError: null } : {}),
        },
      })
      const queued = isEmbeddedAgain
        ? await queueEmbeddingJob(
            transaction,
            { type: 'text', id: textId, agentId, accountId: before.accountId },
            { statusWritten: true },
          )
        : undefined
      return { updated: row, job: queued }
    })
    if (job) queue.wake()
    return toTextView(updated, job ? toJobView(job) : undefined)
  } catch (error) {
    // Another change queued an embed between the check above and this transaction: nothing was saved.
    if (error instanceof JobAlreadyActiveError) throw new AppError('CONFLICT', BEING_EMBEDDED)
    throw error
  }
}
