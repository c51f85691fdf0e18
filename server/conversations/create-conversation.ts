import { isId } from '../../shared/ids.schemas.ts'
import type { Actor } from '../accounts/actor.ts'
import { requireAgentAccess } from '../agents/require-agent-access.ts'
import type { PlanEnforcement } from '../billing/plan-enforcement.ts'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import { CONVERSATION_MESSAGES } from './conversations.schemas.ts'
import { conversationEventData } from '../webhooks/conversation-event-data.ts'
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts'
import { toConversationView } from './conversation-view.ts'
import { toMessageView } from './message-view.ts'

/** The agent's first words in a new dashboard conversation (the SPEC's default welcome text). */
export const GREETING = 'Hello! How can I help you today?'

/**
 * Starts a dashboard conversation with an agent the actor may chat with; the AI greets first. It counts
 * towards the agent owner's plan, which must be live and have a conversation left (402 otherwise).
 */
export async function createConversation(
  { database, plans }: { database: Database; plans: PlanEnforcement },
  actor: Actor,
  input: { name: string; agent_id: string },
) {
  // The SPEC answers an agent id that names nothing, malformed or not, with the same 404.
  if (!isId(input.agent_id)) throw new AppError('NOT_FOUND', CONVERSATION_MESSAGES.agentMissing)
  const agent = await requireAgentAccess(database, { actor, agentId: input.agent_id, need: 'chat' }).catch(
    (error: unknown) => {
      throw error instanceof AppError && error.code === 'NOT_FOUND'
        ? new AppError('NOT_FOUND', CONVERSATION_MESSAGES.agentMissing)
        : error
    },
  )
  if (!agent.isActive) throw new AppError('CONFLICT', 'This agent is inactive. Activate it to chat with it.')
  const conversation = await plans.createCounted(agent.accountId, 'conversations', async (tx) => {
    const created = await tx.conversation.create({
      data: {
        accountId: agent.accountId,
        agentId: agent.id,
        name: input.name,
        channel: 'dashboard',
        startedByUserId: actor.userId,
        lastMessagePreview: GREETING,
        messages: { create: { senderType: 'ai', text: GREETING, isRead: true } }, // account_id comes from the conversation
      },
      include: { agent: { select: { name: true } }, messages: true },
    })
    await emitWebhookEvent(tx, {
      accountId: agent.accountId,
      event: 'conversation.started',
      data: conversationEventData(created),
    })
    return created
  })
  const greeting = conversation.messages[0]
  return {
    conversation_id: conversation.id,
    conversation: toConversationView(conversation),
    ai_message: greeting ? toMessageView(greeting) : null,
  }
}
