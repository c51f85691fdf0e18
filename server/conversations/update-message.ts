import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import type { AbandonmentRules, AnsweringProcess } from './answer-attempt.ts'
import { CONVERSATION_MESSAGES } from './conversations.schemas.ts'
import { meterFailedAnswer } from './meter-failed-answer.ts'
import { toMessageView } from './message-view.ts'
import { refuseWhileAnswering, unansweredUserMessage } from './previous-turn.ts'
import { requireConversation, requireOwnDashboardConversation } from './require-conversation.ts'

export interface UpdateMessageOptions {
  actor: Actor
  agentId: string
  conversationId: string
  messageId: string
  change: { message_text?: string; is_deleted?: true }
  answering: AbandonmentRules & Pick<AnsweringProcess, 'logger'>
}

/**
 * Edits (message_text) or deletes (is_deleted true) one of the actor's own user messages, never while
 * the agent is answering; deleting a question deletes its answer too. AI messages are the agent's words
 * and cannot be changed on their own.
 */
export async function updateMessage(
  database: Database,
  { actor, agentId, conversationId, messageId, change, answering }: UpdateMessageOptions,
) {
  const { conversation } = await requireConversation(database, { actor, agentId, conversationId, need: 'chat' })
  const message = await database.prisma.message.findFirst({
    where: { id: messageId, conversationId, isDeleted: false },
  })
  if (!message) throw new AppError('NOT_FOUND', CONVERSATION_MESSAGES.messageNotFound)
  requireOwnDashboardConversation(actor, conversation)
  if (message.senderType !== 'user')
    throw new AppError('FORBIDDEN', 'Only your own messages can be edited or deleted, not the agent’s answers.')
  const abandoned = await refuseWhileAnswering(
    database,
    answering,
    await unansweredUserMessage(database, conversationId),
  )
  if (abandoned) await meterFailedAnswer({ database, logger: answering.logger }, abandoned)
  if (change.is_deleted) {
    // A question goes with its answer: the answer alone would read as an answer to nothing.
    await database.prisma.message.updateMany({
      where: { conversationId, OR: [{ id: messageId }, { replyToId: messageId, senderType: 'ai' }] },
      data: { isDeleted: true },
    })
    return { outcome: 'deleted' as const, message_id: messageId }
  }
  const text = change.message_text as string
  if (text === message.text) return { outcome: 'unchanged' as const, data: toMessageView(message) }
  const updated = await database.prisma.message.update({
    where: { id: messageId },
    data: { text, editedAt: new Date() },
  })
  return { outcome: 'updated' as const, data: toMessageView(updated) }
}
