import type { Conversation, Message } from '../db/generated/prisma/client.ts'
import { recordUsage } from '../usage/record-usage.ts'
import { newAttempt, type AnsweringProcess } from './answer-attempt.ts'
import { lockConversation } from './lock-conversation.ts'
import { meterFailedAnswer } from './meter-failed-answer.ts'
import { refuseWhileAnswering, unansweredUserMessage } from './previous-turn.ts'

const PREVIEW_CHARACTERS = 200

export interface NewUserMessage {
  accountId: string
  conversation: Pick<Conversation, 'id' | 'channel'>
  text: string
  attachments?: object[]
}

/**
 * Saves a person's message before anything can fail, and meters it; it is taken up for its answer by
 * this process at once. The conversation's row is locked meanwhile, so of two messages sent at the same
 * instant one is saved and the other refused while the first is answered. Sending again the text whose
 * answer failed retries that message rather than repeating the question. A visitor's message is unread
 * for the team; a dashboard user has read their own. Once the message is committed nothing here throws
 * (metering errors are logged): the caller answers it, or fails it, whatever happens.
 */
export async function saveUserMessage(process: AnsweringProcess, { accountId, conversation, text, attachments = [] }: NewUserMessage): Promise<Message> {
  const fromDashboard = conversation.channel === 'dashboard'
  const { message, created, abandoned } = await process.database.prisma.$transaction(async (tx) => {
    await lockConversation(tx, conversation.id)
    const unanswered = await unansweredUserMessage({ prisma: tx }, conversation.id)
    const abandoned = await refuseWhileAnswering({ prisma: tx }, process, unanswered)
    const previous = abandoned?.message ?? unanswered
    if (previous && previous.answerError !== null && previous.text === text && attachments.length === 0) {
      return { message: await tx.message.update({ where: { id: previous.id }, data: newAttempt(process) }), created: false, abandoned }
    }
    const { answerOwner, answerStartedAt } = newAttempt(process)
    const saved = await tx.message.create({ data: { accountId, conversationId: conversation.id, senderType: 'user', text, isRead: fromDashboard, attachments, answerOwner, answerStartedAt } })
    await tx.conversation.update({
      where: { id: conversation.id },
      data: { status: 'pending', lastMessagePreview: text.slice(0, PREVIEW_CHARACTERS), lastMessageAt: new Date(), ...(fromDashboard ? {} : { unreadCount: { increment: 1 } }) },
    })
    return { message: saved, created: true, abandoned }
  })
  if (abandoned) await meterFailedAnswer(process, abandoned)
  if (created) {
    await recordUsage(process.database, accountId, { messages: 1 }).catch((error: unknown) => process.logger.error({ err: error, messageId: message.id }, 'could not meter a message'))
  }
  return message
}
