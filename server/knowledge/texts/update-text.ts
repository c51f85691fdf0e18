import type { Actor } from '../../accounts/actor.ts'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { EMBED_ITEM_JOB, startEmbedding } from '../embedding/start-embedding.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
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

/** Changes a text; when its words change and it was embedded, it is embedded again so answers follow. */
export async function updateText(database: Database, { queue, actor, agentId, textId, changes }: UpdateTextOptions) {
  const before = await requireText(database, { actor, agentId, textId, need: 'edit' })
  // Refused before anything is saved: a change under a running embed would be indexed half or not at all.
  if (await database.prisma.job.count({ where: { activeKey: `${EMBED_ITEM_JOB}:${textId}` } })) {
    throw new AppError('CONFLICT', 'This text is being embedded; change it when embedding has finished.')
  }
  const isContentChanged =
    (changes.text_title !== undefined && changes.text_title !== before.title) ||
    (changes.text_content !== undefined && changes.text_content !== before.content)
  const updated = await database.prisma.text.update({
    where: { id: textId },
    data: {
      title: changes.text_title,
      content: changes.text_content,
      description: changes.text_description,
      tags: changes.text_tags,
      metaData: changes.meta_data as object | undefined,
      ...(isContentChanged && before.embedded ? { embedded: false } : {}),
    },
  })
  const job =
    isContentChanged && before.embedded
      ? (await startEmbedding(database, { queue, actor, agentId, type: 'text', id: textId })).job
      : undefined
  return toTextView(updated, job)
}
