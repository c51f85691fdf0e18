import type { Answer } from '../chat/answering/answer-question.ts'
import type { Database } from '../db/database.ts'
import type { Message } from '../db/generated/prisma/client.ts'
import { recordUsage } from '../usage/record-usage.ts'

/** Stores the AI message answering a user message, moves the conversation on, and meters the tokens. */
export async function saveAnswer(database: Database, accountId: string, userMessage: Message, answer: Answer): Promise<Message> {
  const dashboard = (await database.prisma.conversation.findUniqueOrThrow({ where: { id: userMessage.conversationId }, select: { channel: true } })).channel === 'dashboard'
  const [aiMessage] = await database.prisma.$transaction([
    database.prisma.message.create({
      data: {
        accountId,
        conversationId: userMessage.conversationId,
        senderType: 'ai',
        text: answer.text,
        sources: answer.sources as unknown as object[],
        messageLink: answer.messageLink,
        model: answer.model,
        promptTokens: answer.promptTokens,
        completionTokens: answer.completionTokens,
        replyToId: userMessage.id,
        // In the dashboard the person reads the answer as it streams; a visitor's chat waits for the team.
        isRead: dashboard,
      },
    }),
    database.prisma.conversation.update({
      where: { id: userMessage.conversationId },
      data: { status: 'active', lastMessagePreview: answer.text.slice(0, 200), lastMessageAt: new Date(), ...(dashboard ? {} : { unreadCount: { increment: 1 } }) },
    }),
  ])
  await recordUsage(database, accountId, { tokens: answer.promptTokens + answer.completionTokens })
  return aiMessage
}
