import type { Actor } from '../accounts/actor.ts'
import { AppError } from '../errors/app-error.ts'
import { refuseWhileAnswering, unansweredUserMessage } from './previous-turn.ts'
import { requireConversation, requireOwnDashboardConversation } from './require-conversation.ts'
import { answerUserMessage, type ChatEvents, type ChatServices } from './send-message.ts'
import { toMessageView } from './message-view.ts'

/** Answers again the conversation's last user message whose answer failed. */
export async function retryAnswer(services: ChatServices, actor: Actor, agentId: string, conversationId: string, messageId: string, events: ChatEvents, signal: AbortSignal) {
  const { agent, conversation } = await requireConversation(services.database, actor, agentId, conversationId, 'chat')
  requireOwnDashboardConversation(actor, conversation)
  const unanswered = await unansweredUserMessage(services.database, conversationId)
  if (!unanswered || unanswered.id !== messageId) throw new AppError('CONFLICT', 'Only the last message can be answered again, and only when its answer failed.')
  refuseWhileAnswering(unanswered, services.answerWindowMs)
  const message = await services.database.prisma.message.update({ where: { id: messageId }, data: { answerError: null } })
  events.onUserMessage?.(toMessageView(message))
  return answerUserMessage(services, agent, message, events, signal)
}
