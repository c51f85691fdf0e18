import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import { requireConversation } from './require-conversation.ts'

export interface CheckConversationActiveOptions {
  actor: Actor
  agentId: string
  conversationId: string
}

/** Whether the conversation can take messages: it is open and its agent is active. */
export async function checkConversationActive(
  database: Database,
  { actor, agentId, conversationId }: CheckConversationActiveOptions,
) {
  const { agent, conversation } = await requireConversation(database, { actor, agentId, conversationId, need: 'read' })
  return {
    is_active: conversation.isActive && agent.isActive,
    conversation_id: conversation.id,
    agent_id: agent.id,
    status: conversation.status,
  }
}
