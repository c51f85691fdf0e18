import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import type { AbandonmentRules, AnsweringProcess } from './answer-attempt.ts'
import { CONVERSATION_MESSAGES } from './conversations.schemas.ts'
import { meterFailedAnswer } from './meter-failed-answer.ts'
import { toMessageView } from './message-view.ts'
import { refuseWhileAnswering, unansweredUserMessage } from './previous-turn.ts'
import { requireConversation, requireOwnDashboardConversation } from './require-conversation.ts'
import { keepQuestionVersion } from './keep-question-version.ts'
import { laterMessagesWhere } from './later-messages.ts'
import { lockConversation } from './lock-conversation.ts'
import { messageVersionsOf } from './message-versions.ts'
import { previewLatestMessage } from './preview-latest-message.ts'
import { releaseAbandoned } from './save-user-message.ts'

export interface UpdateMessageOptions {
  actor: Actor
  agentId: string
  conversationId: string
  messageId: string
  change: { message_text?: string; is_deleted?: true; confirm?: boolean }
  answering: AbandonmentRules & Pick<AnsweringProcess, 'logger' | 'channels'>
}

/** What an edited question says until its new answer is written (the dashboard asks for it at once). */
const EDITED_QUESTION_AWAITS_ANSWER = 'The question was edited; its new answer has not been written yet.'

/**
 * Edits (message_text) or deletes (is_deleted true) one of the actor's own user messages, never while
 * the agent is answering. Deleting a question deletes its answer too. Editing one takes what followed
 * its old words (its answer and any later turns) out of the conversation and leaves it waiting for a new
 * answer, which the retry call writes within the plan's limits. Nothing is lost: the old words and what
 * followed stay as the question's previous version (keepQuestionVersion), and an edit that would take
 * later turns, not just its own answer, waits for confirm true (409 with would_remove until then). AI
 * messages are the agent's words and cannot be changed on their own. The conversation is locked while
 * this decides, as for a new message or a retry.
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
    return {
      outcome: 'unchanged' as const,
      data: toMessageView(message, undefined, (await messageVersionsOf(database, [message])).get(messageId)),
    }
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
    // Read again under the lock: another edit or switch of versions may have come first.
    const question = await tx.message.findFirst({ where: { id: messageId, conversationId, isDeleted: false } })
    if (!question) throw new AppError('NOT_FOUND', CONVERSATION_MESSAGES.messageNotFound)
    const later = laterMessagesWhere(question)
    const wouldRemove = await tx.message.count({ where: later })
    const ownAnswers = await tx.message.count({ where: { ...later, replyToId: messageId } })
    if (wouldRemove > ownAnswers && change.confirm !== true)
      throw new AppError('CONFLICT', replacesMessages(wouldRemove), { would_remove: wouldRemove })
    const version = wouldRemove > 0 ? await keepQuestionVersion(tx, question) : question.version
    const updated = await tx.message.update({
      where: { id: messageId },
      data: {
        text,
        version,
        editedAt: new Date(),
        answerError: EDITED_QUESTION_AWAITS_ANSWER,
        partialAnswer: null,
      },
    })
    await previewLatestMessage(tx, conversationId)
    const versions = await messageVersionsOf({ prisma: tx }, [updated])
    return {
      result: { outcome: 'updated' as const, data: toMessageView(updated, undefined, versions.get(messageId)) },
      abandoned,
    }
  })
  if (abandoned)
    await meterFailedAnswer({ database, logger: answering.logger, channels: answering.channels }, abandoned)
  return result
}

/** What the 409 of an edit that would replace later turns says; the edit goes ahead with confirm true. */
function replacesMessages(count: number) {
  const messages = count === 1 ? 'the message' : `the ${count} messages`
  return `Editing this question replaces ${messages} after it. You can switch back to the earlier version.`
}
