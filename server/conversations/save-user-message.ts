import type { Database } from '../db/database.ts'
import type { Conversation, Message } from '../db/generated/prisma/client.ts'
import { recordUsage } from '../usage/record-usage.ts'

const PREVIEW_CHARACTERS = 200

/**
 * Saves a person's message before anything can fail, and meters it. Sending again the text whose
 * answer failed retries that message rather than repeating the question. A visitor's message is
 * unread for the team; a dashboard user has read their own.
 */
export async function saveUserMessage(database: Database, accountId: string, conversation: Pick<Conversation, 'id' | 'channel'>, text: string, unanswered: Message | null, attachments: object[] = []): Promise<Message> {
  if (unanswered && unanswered.answerError !== null && unanswered.text === text && attachments.length === 0) {
    return database.prisma.message.update({ where: { id: unanswered.id }, data: { answerError: null } })
  }
  const fromDashboard = conversation.channel === 'dashboard'
  const [message] = await database.prisma.$transaction([
    database.prisma.message.create({ data: { accountId, conversationId: conversation.id, senderType: 'user', text, isRead: fromDashboard, attachments } }),
    database.prisma.conversation.update({
      where: { id: conversation.id },
      data: { status: 'pending', lastMessagePreview: text.slice(0, PREVIEW_CHARACTERS), lastMessageAt: new Date(), ...(fromDashboard ? {} : { unreadCount: { increment: 1 } }) },
    }),
  ])
  await recordUsage(database, accountId, { messages: 1 })
  return message
}
