import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import type { Prisma } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import type { AbandonmentRules, AnsweringProcess } from './answer-attempt.ts'
import { CONVERSATION_MESSAGES } from './conversations.schemas.ts'
import { meterFailedAnswer } from './meter-failed-answer.ts'
import { toMessageView } from './message-view.ts'
import { refuseWhileAnswering, unansweredUserMessage } from './previous-turn.ts'
import { requireConversation, requireOwnDashboardConversation } from './require-conversation.ts'
import { lockConversation } from './lock-conversation.ts'
import { PREVIEW_CHARACTERS, releaseAbandoned } from './save-user-message.ts'

export interface UpdateMessageOptions {
  actor: Actor
  agentId: string
  conversationId: string
  messageId: string
  change: { message_text?: string; is_deleted?: true }
  answering: AbandonmentRules & Pick<AnsweringProcess, 'logger'>
}

/** What an edited question says until its new answer is written (the dashboard asks for it at once). */
const EDITED_QUESTION_AWAITS_ANSWER = 'The question was edited; its new answer has not been written yet.'

/**
 * Edits (message_text) or deletes (is_deleted true) one of the actor's own user messages, never while
 * the agent is answering. Deleting a question deletes its answer too. Editing one removes what followed
 * from its old words (its answer and any later turns) and leaves it waiting for a new answer, which the
 * retry call writes within the plan's limits. AI messages are the agent's words and cannot be changed on
 * their own. The conversation is locked while this decides, as for a new message or a retry.
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
  const text = change.message_text
  if (!change.is_deleted && text === message.text)
    return { outcome: 'unchanged' as const, data: toMessageView(message) }
  const { result, abandoned } = await database.prisma.$transaction(async (tx) => {
    await lockConversation(tx, conversationId)
    const abandoned = await releaseAbandoned(
      tx,
      await refuseWhileAnswering(
        { prisma: tx },
        answering,
        await unansweredUserMessage({ prisma: tx }, conversationId),
      ),
    )
    if (change.is_deleted) {
      // A question goes with its answer: the answer alone would read as an answer to nothing.
      await tx.message.updateMany({
        where: { conversationId, OR: [{ id: messageId }, { replyToId: messageId, senderType: 'ai' }] },
        data: { isDeleted: true },
      })
      await previewLatestMessage(tx, conversationId)
      return { result: { outcome: 'deleted' as const, message_id: messageId }, abandoned }
    }
    await tx.message.updateMany({
      where: {
        conversationId,
        isDeleted: false,
        id: { not: messageId },
        OR: [
          { replyToId: messageId },
          { createdAt: { gt: message.createdAt } },
          { createdAt: message.createdAt, id: { gt: messageId } },
        ],
      },
      data: { isDeleted: true },
    })
    const updated = await tx.message.update({
      where: { id: messageId },
      data: { text, editedAt: new Date(), answerError: EDITED_QUESTION_AWAITS_ANSWER, partialAnswer: null },
    })
    await previewLatestMessage(tx, conversationId)
    return { result: { outcome: 'updated' as const, data: toMessageView(updated) }, abandoned }
  })
  if (abandoned) await meterFailedAnswer({ database, logger: answering.logger }, abandoned)
  return result
}

/** The conversation lists show its latest message: after a delete or an edit, the latest that is left. */
async function previewLatestMessage(tx: Prisma.TransactionClient, conversationId: string) {
  const latest = await tx.message.findFirst({
    where: { conversationId, isDeleted: false },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { text: true },
  })
  await tx.conversation.update({
    where: { id: conversationId },
    data: { lastMessagePreview: latest ? latest.text.slice(0, PREVIEW_CHARACTERS) : null },
  })
}
