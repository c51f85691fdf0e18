import type { Actor } from '../../accounts/actor.ts'
import { requireAgentAccess } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import { toJobView } from '../embedding/job-view.ts'
import type { NewText } from '../knowledge.schemas.ts'
import { insertTextWithJob } from './insert-text-with-job.ts'
import { textFieldsOf } from './text-fields.ts'
import { toTextView } from './text-view.ts'

export interface AddTextOptions {
  queue: JobQueue
  actor: Actor
  agentId: string
  text: NewText
}

/**
 * Saves a text. When its agent trains automatically, the text and its embed job are written in one
 * statement (insertTextWithJob): an import through the API adds thousands in a row.
 */
export async function addText(database: Database, { queue, actor, agentId, text }: AddTextOptions) {
  const agent = await requireAgentAccess(database, { actor, agentId, need: 'edit' })
  if (agent.autoEmbed) {
    const { created, job } = await insertTextWithJob(database, { accountId: agent.accountId, agentId, text })
    queue.wake()
    return toTextView(created, toJobView(job))
  }
  const created = await database.prisma.text.create({
    data: { accountId: agent.accountId, agentId, ...textFieldsOf(text) },
  })
  return toTextView(created, undefined)
}
