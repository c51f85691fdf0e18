import type { Actor } from '../accounts/actor.ts'
import { requireAgentAccess, type AgentNeed } from '../agents/require-agent-access.ts'
import type { Database } from '../db/database.ts'
import type { Agent, Conversation } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import { CONVERSATION_MESSAGES } from './conversations.schemas.ts'

export interface RequireConversationOptions {
  actor: Actor
  agentId: string | null
  conversationId: string
  need: AgentNeed
}

/**
 * A conversation of the agent, not deleted, that the actor may use as asked: the agent decides
 * (docs/permissions.md). One in another agent, deleted or unseen answers 404 like a missing one.
 */
export async function requireConversation(
  database: Database,
  { actor, agentId, conversationId, need }: RequireConversationOptions,
): Promise<{ agent: Agent; conversation: Conversation & { agent: { name: string } } }> {
  const conversation = await database.prisma.conversation.findUnique({
    where: { id: conversationId },
    include: { agent: { select: { name: true } } },
  })
  if (!conversation || conversation.isDeleted || (agentId !== null && conversation.agentId !== agentId))
    throw new AppError('NOT_FOUND', CONVERSATION_MESSAGES.notFound)
  try {
    const agent = await requireAgentAccess(database, { actor, agentId: conversation.agentId, need })
    return { agent, conversation }
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      throw new AppError('NOT_FOUND', CONVERSATION_MESSAGES.notFound)
    throw error
  }
}

/** Writing in a conversation is for the person who started it, from the dashboard. */
export function requireOwnDashboardConversation(actor: Actor, conversation: Conversation): void {
  if (conversation.channel !== 'dashboard')
    throw new AppError('FORBIDDEN', 'This conversation is with a website visitor: only they can write in it.')
  if (conversation.startedByUserId !== actor.userId)
    throw new AppError('FORBIDDEN', 'Only the person who started this conversation can write in it.')
}

export interface RequireChatOptions {
  actor: Actor
  agentId: string | null
  conversationId: string
}

/**
 * A dashboard conversation the actor may write in now: theirs, its agent active, the conversation open.
 * Sending a message and retrying an answer both start here.
 */
export async function requireConversationToChatIn(
  database: Database,
  { actor, agentId, conversationId }: RequireChatOptions,
) {
  const found = await requireConversation(database, { actor, agentId, conversationId, need: 'chat' })
  requireOwnDashboardConversation(actor, found.conversation)
  if (!found.agent.isActive) throw new AppError('CONFLICT', 'This agent is inactive. Activate it to chat with it.')
  if (!found.conversation.isActive)
    throw new AppError('CONFLICT', 'This conversation is closed. Reopen it (is_active true) or start a new one.')
  return found
}
