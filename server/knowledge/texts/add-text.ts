import type { Actor } from '../../accounts/actor.ts'
import { requireAgentAccess } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import type { NewText } from '../knowledge.schemas.ts'
import { toTextView } from './text-view.ts'

export interface AddTextOptions {
  actor: Actor
  agentId: string
  text: NewText
}

export async function addText(database: Database, { actor, agentId, text }: AddTextOptions) {
  const agent = await requireAgentAccess(database, { actor, agentId, need: 'edit' })
  const created = await database.prisma.text.create({
    data: {
      accountId: agent.accountId,
      agentId,
      title: text.text_title,
      content: text.text_content,
      description: text.text_description,
      tags: text.text_tags ?? [],
      metaData: (text.meta_data ?? {}) as object,
    },
  })
  return toTextView(created, undefined)
}
