import type { Answer } from '../chat/answering/answer-question.ts'
import type { Message } from '../db/generated/prisma/client.ts'
import { attemptWhere, type AnsweringProcess } from './answer-attempt.ts'
import { meterAnswerTokens } from './meter-answer-tokens.ts'

/**
 * Stores the AI message answering a user message, moves the conversation on, and meters the tokens.
 * Null when the attempt is no longer this one's (another process found it abandoned and failed it):
 * then nothing is stored, and the tokens were metered by whoever failed it. Once the answer is committed
 * nothing here throws: a metering error is logged, for the answer stands.
 */
export async function saveAnswer({ database, logger }: Pick<AnsweringProcess, 'database' | 'logger'>, accountId: string, userMessage: Message, answer: Answer): Promise<Message | null> {
  const conversation = await database.prisma.conversation.findUniqueOrThrow({ where: { id: userMessage.conversationId }, select: { accountId: true, channel: true, widgetIntegrationId: true } })
  const dashboard = conversation.channel === 'dashboard'
  const aiMessage = await database.prisma.$transaction(async (tx) => {
    const { count } = await tx.message.updateMany({ where: attemptWhere(userMessage), data: { answerOwner: null, answerStartedAt: null, partialAnswer: null, answerPromptTokens: null } })
    if (count === 0) return null
    const saved = await tx.message.create({
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
    })
    await tx.conversation.update({
      where: { id: userMessage.conversationId },
      data: { status: 'active', lastMessagePreview: answer.text.slice(0, 200), lastMessageAt: new Date(), ...(dashboard ? {} : { unreadCount: { increment: 1 } }) },
    })
    return saved
  })
  if (aiMessage) {
    await meterAnswerTokens(database, conversation, answer.promptTokens + answer.completionTokens).catch((error: unknown) => logger.error({ err: error, messageId: aiMessage.id }, 'could not meter an answer'))
  }
  return aiMessage
}
