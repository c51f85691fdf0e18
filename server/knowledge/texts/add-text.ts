import type { Actor } from '../../accounts/actor.ts'
import { requireAgentAccess } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import { queueEmbeddingJob } from '../embedding/queue-embedding.ts'
import { toJobView } from '../embedding/job-view.ts'
import type { NewText } from '../knowledge.schemas.ts'
import { toTextView } from './text-view.ts'

export interface AddTextOptions {
  queue: JobQueue
  actor: Actor
  agentId: string
  text: NewText
}

/** Saves a text; when its agent trains automatically, its embed job is queued in the same transaction. */
export async function addText(database: Database, { queue, actor, agentId, text }: AddTextOptions) {
  const agent = await requireAgentAccess(database, { actor, agentId, need: 'edit' })
  const { created, job } = await database.prisma.$transaction(async (transaction) => {
    const row = await transaction.text.create({
      data: {
        accountId: agent.accountId,
        agentId,
        title: text.text_title,
        content: text.text_content,
        description: text.text_description,
        tags: text.text_tags ?? [],
        metaData: (text.meta_data ?? {}) as object,
        ...(agent.autoEmbed ? { status: 'processing' as const } : {}),
      },
    })
    const queued = agent.autoEmbed
      ? await queueEmbeddingJob(
          transaction,
          { type: 'text', id: row.id, agentId, accountId: agent.accountId },
          { statusWritten: true },
        )
      : undefined
    return { created: row, job: queued }
  })
  if (job) queue.wake()
  return toTextView(created, job ? toJobView(job) : undefined)
}
