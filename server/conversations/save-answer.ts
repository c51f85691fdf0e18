import type { Answer } from '../chat/answering/answer-question.ts'
import type { Conversation, Message } from '../db/generated/prisma/client.ts'
import { storeAnswer } from './store-answer.ts'
import { settleUsage } from '../usage/consume-usage.ts'
import { recordUsage } from '../usage/record-usage.ts'
import { attemptWhere, NO_RESERVATION, reservationOf, type AnsweringProcess } from './answer-attempt.ts'
import { channelOf, type Channel } from './channel.ts'
import { spendOnBudget } from './meter-answer-tokens.ts'

export interface SaveAnswerOptions {
  accountId: string
  userMessage: Message
  answer: Answer
  /** The channel the door bound to the person asking (a storefront's, to its shop), when it carries the conversation. */
  channel?: Channel | null | undefined
  /** The conversation, when the caller has it (else it is read). */
  conversation?: Pick<Conversation, 'id' | 'accountId' | 'channel' | 'widgetIntegrationId'> | undefined
}

/**
 * Stores the AI message answering a user message, moves the conversation on, and meters the tokens.
 * Null when the attempt is no longer this one's (another process found it abandoned and failed it):
 * then nothing is stored, and the tokens were metered by whoever failed it. What the attempt reserved on
 * an enforced plan is settled in the same transaction as the answer, so no crash can leave it counted;
 * otherwise the tokens are added once the answer is committed, and a metering error is only logged,
 * for the answer stands. Off a storefront (no product to record) all of it is one statement (storeAnswer),
 * metering included.
 */
export async function saveAnswer(
  { database, logger, channels }: Pick<AnsweringProcess, 'database' | 'logger' | 'channels'>,
  { accountId, userMessage, answer, conversation: given, channel: bound }: SaveAnswerOptions,
): Promise<Message | null> {
  const conversation =
    given ??
    (await database.prisma.conversation.findUniqueOrThrow({
      where: { id: userMessage.conversationId },
      select: { id: true, accountId: true, channel: true, widgetIntegrationId: true },
    }))
  const channel = channelOf(channels, conversation.channel, bound)
  const budget = channel.budget?.counterOf(conversation, new Date()) ?? null
  // A channel that records nothing of the answer: the whole save is one statement. Should it fail (nothing
  // is written then), the steps below are taken one by one, where an unreserved count may fail alone.
  if (!channel.recordAnswer) {
    const stored = await storeAnswer(database, { conversation, userMessage, answer, budget }).catch(() => undefined)
    if (stored !== undefined) return stored
  }
  const dashboard = conversation.channel === 'dashboard'
  const reserved = reservationOf(userMessage)
  const spent = answer.promptTokens + answer.completionTokens
  const aiMessage = await database.prisma.$transaction(async (tx) => {
    const { count } = await tx.message.updateMany({
      where: attemptWhere(userMessage),
      data: {
        answerOwner: null,
        answerStartedAt: null,
        partialAnswer: null,
        answerPromptTokens: null,
        ...NO_RESERVATION,
      },
    })
    if (count === 0) return null
    if (reserved)
      await settleUsage(tx, {
        accountId: conversation.accountId,
        metric: 'tokens',
        difference: spent - reserved.tokens,
        periodStart: reserved.periodStart,
      })
    // What the channel records of the answer: on a storefront, the products it drew on, shown as cards.
    const productGids = channel.recordAnswer
      ? await channel.recordAnswer(tx, { conversationId: userMessage.conversationId, answer })
      : []
    const saved = await tx.message.create({
      data: {
        accountId,
        conversationId: userMessage.conversationId,
        senderType: 'ai',
        text: answer.text,
        sources: answer.sources as unknown as object[],
        productGids,
        messageLink: answer.messageLink,
        ungrounded: answer.ungrounded,
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
      data: {
        status: 'active',
        lastMessagePreview: answer.text.slice(0, 200),
        lastMessageAt: new Date(),
        ...(dashboard ? {} : { unreadCount: { increment: 1 } }),
      },
    })
    return saved
  })
  if (aiMessage) {
    const logError = (error: unknown) =>
      logger.error({ err: error, messageId: aiMessage.id }, 'could not meter an answer')
    if (!reserved)
      await recordUsage(database, { accountId: conversation.accountId, amounts: { tokens: spent } }).catch(logError)
    await spendOnBudget(database, { accountId: conversation.accountId, budget, tokens: spent }).catch(logError)
  }
  return aiMessage
}
