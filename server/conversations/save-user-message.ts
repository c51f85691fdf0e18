import type { Database } from '../db/database.ts'
import type { Conversation, Message } from '../db/generated/prisma/client.ts'
import { recordUsage } from '../usage/record-usage.ts'
import { refuseWhileAnswering, unansweredUserMessage } from './previous-turn.ts'

const PREVIEW_CHARACTERS = 200

/**
 * Saves a person's message before anything can fail, and meters it. The conversation's row is locked
 * meanwhile, so of two messages sent at the same instant one is saved and the other refused while the
 * first is answered. Sending again the text whose answer failed retries that message rather than
 * repeating the question. A visitor's message is unread for the team; a dashboard user has read their own.
 */
export async function saveUserMessage(database: Database, accountId: string, conversation: Pick<Conversation, 'id' | 'channel'>, text: string, answerWindowMs: number, attachments: object[] = []): Promise<Message> {
  const fromDashboard = conversation.channel === 'dashboard'
  const { message, created } = await database.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`select id from conversations where id = ${conversation.id}::uuid for update`
    const unanswered = await unansweredUserMessage({ prisma: tx }, conversation.id)
    refuseWhileAnswering(unanswered, answerWindowMs)
    if (unanswered && unanswered.answerError !== null && unanswered.text === text && attachments.length === 0) {
      return { message: await tx.message.update({ where: { id: unanswered.id }, data: { answerError: null } }), created: false }
    }
    const saved = await tx.message.create({ data: { accountId, conversationId: conversation.id, senderType: 'user', text, isRead: fromDashboard, attachments } })
    await tx.conversation.update({
      where: { id: conversation.id },
      data: { status: 'pending', lastMessagePreview: text.slice(0, PREVIEW_CHARACTERS), lastMessageAt: new Date(), ...(fromDashboard ? {} : { unreadCount: { increment: 1 } }) },
    })
    return { message: saved, created: true }
  })
  if (created) await recordUsage(database, accountId, { messages: 1 })
  return message
}
