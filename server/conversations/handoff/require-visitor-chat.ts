import type { Actor } from '../../accounts/actor.ts'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { requireConversation } from '../require-conversation.ts'
import { HANDOFF_MESSAGES } from './handoff.schemas.ts'

export interface RequireVisitorChatOptions {
  actor: Actor
  agentId: string
  conversationId: string
}

/**
 * A visitor's conversation (the website widget or the storefront) of the agent, open, that the actor may
 * chat in: joining, writing to the visitor and handing back are all `chat` on the agent.
 */
export async function requireVisitorChat(
  database: Database,
  { actor, agentId, conversationId }: RequireVisitorChatOptions,
) {
  const found = await requireConversation(database, { actor, agentId, conversationId, need: 'chat' })
  if (found.conversation.channel === 'dashboard') throw new AppError('CONFLICT', HANDOFF_MESSAGES.visitorsOnly)
  if (!found.conversation.isActive) throw new AppError('CONFLICT', HANDOFF_MESSAGES.closed)
  return found
}
