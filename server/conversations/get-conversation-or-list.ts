import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import { ConversationListQuerySchema } from './conversations.schemas.ts'
import { toConversationView } from './conversation-view.ts'
import { listAgentConversations } from './list-conversations.ts'
import { requireConversation } from './require-conversation.ts'

export interface GetConversationOrAgentListOptions {
  actor: Actor
  id: string
  query: unknown
}

/**
 * GET /conversations/{id}/: the SPEC uses this path both for an agent's conversations and for one
 * conversation. Ids are UUIDs, unique across both, so the id itself tells which was meant.
 */
export async function getConversationOrAgentList(
  database: Database,
  { actor, id, query }: GetConversationOrAgentListOptions,
) {
  const isAgent = (await database.prisma.agent.count({ where: { id } })) > 0
  if (isAgent)
    return listAgentConversations(database, { actor, agentId: id, query: ConversationListQuerySchema.parse(query) })
  const { conversation } = await requireConversation(database, {
    actor,
    agentId: null,
    conversationId: id,
    need: 'read',
  })
  return toConversationView(conversation)
}
