import type { Prisma } from '../db/generated/prisma/client.ts'
import type { Conversation, Message } from '../db/generated/prisma/client.ts'
import type { MessageAdmission } from './admit-message.ts'
import { newAttempt, type ChargingProcess, type TokenReservation } from './answer-attempt.ts'
import { insertUserMessageTogether } from './insert-user-messages-together.ts'
import { lockConversation } from './lock-conversation.ts'
import { meterFailedAnswer } from './meter-failed-answer.ts'
import { refuseWhileAnswering, unansweredUserMessage } from './previous-turn.ts'
import { settleUsage } from '../usage/consume-usage.ts'
import { recordUsage } from '../usage/record-usage.ts'
import type { FailedAnswer } from './fail-answer.ts'

export const PREVIEW_CHARACTERS = 200

export interface NewUserMessage {
  accountId: string
  conversation: Pick<Conversation, 'id' | 'channel'>
  text: string
  attachments?: object[]
  /** What the plan let in (admitMessage): the message and its answer's tokens are counted against it here. */
  admission: MessageAdmission
}

export interface ChargeAttemptOptions {
  answering: Pick<ChargingProcess, 'plans'>
  admission: MessageAdmission
  newMessages: number
}

/**
 * Counts an attempt against an enforced plan, in the caller's transaction: the message (when new) and the
 * tokens its answer reserves, each refused (402) if it would pass the limit, which rolls the transaction
 * back. Where limits are not enforced nothing is charged here (the message is counted after, at best).
 */
export async function chargeAttempt(
  tx: Prisma.TransactionClient,
  { answering, admission, newMessages }: ChargeAttemptOptions,
): Promise<TokenReservation | null> {
  if (!admission.standing.enforced) return null
  if (newMessages > 0)
    await answering.plans.consume(tx, { standing: admission.standing, metric: 'messages', amount: newMessages })
  if (admission.reserveTokens === 0) return null
  await answering.plans.consume(tx, { standing: admission.standing, metric: 'tokens', amount: admission.reserveTokens })
  return { tokens: admission.reserveTokens, periodStart: admission.standing.period.start }
}

/**
 * Gives back, in the caller's transaction, what an abandoned attempt had reserved on the plan, so the new
 * attempt is not refused for it; its real cost is counted once the transaction commits (meterFailedAnswer).
 */
export async function releaseAbandoned(
  tx: Prisma.TransactionClient,
  abandoned: FailedAnswer | null,
): Promise<FailedAnswer | null> {
  if (!abandoned?.reserved) return abandoned
  await settleUsage(tx, {
    accountId: abandoned.message.accountId,
    metric: 'tokens',
    difference: -abandoned.reserved.tokens,
    periodStart: abandoned.reserved.periodStart,
  })
  return { ...abandoned, reserved: null }
}

/**
 * Saves a person's message before anything can fail, and meters it; it is taken up for its answer by
 * this process at once. The conversation's row is locked meanwhile, so of two messages sent at the same
 * instant one is saved and the other refused while the first is answered. Sending again the text whose
 * answer failed retries that message rather than repeating the question. The message and its answer's
 * reserved tokens count against an enforced plan in the same transaction: a message past the plan is
 * refused (402) and nothing is saved. A visitor's message is unread for the team; a dashboard user has read
 * their own. Once the message is committed nothing here throws: the caller answers it, or fails it,
 * whatever happens. The usual case (the last message is no user message still waiting) is one statement
 * (insertUserMessage), shared with the messages saved at the same moment (insertUserMessageTogether); the
 * transaction decides the rest.
 */
export async function saveUserMessage(
  answering: ChargingProcess,
  { accountId, conversation, text, attachments = [], admission }: NewUserMessage,
): Promise<Message> {
  const simple = await insertUserMessageTogether(answering, {
    accountId,
    conversation,
    text,
    attachments,
    admission,
    presenceKey: answering.presenceKey,
    previewCharacters: PREVIEW_CHARACTERS,
  })
  if (simple) return simple
  const fromDashboard = conversation.channel === 'dashboard'
  const { message, created, abandoned } = await answering.database.prisma.$transaction(async (tx) => {
    await lockConversation(tx, conversation.id)
    const unanswered = await unansweredUserMessage({ prisma: tx }, conversation.id)
    const abandoned = await releaseAbandoned(tx, await refuseWhileAnswering({ prisma: tx }, answering, unanswered))
    const previous = abandoned?.message ?? unanswered
    const isResend =
      previous !== null && previous.answerError !== null && previous.text === text && attachments.length === 0
    const reservation = await chargeAttempt(tx, { answering, admission, newMessages: isResend ? 0 : 1 })
    if (isResend)
      return {
        message: await tx.message.update({ where: { id: previous.id }, data: newAttempt(answering, reservation) }),
        created: false,
        abandoned,
      }
    const saved = await tx.message.create({
      data: {
        accountId,
        conversationId: conversation.id,
        senderType: 'user',
        text,
        isRead: fromDashboard,
        attachments,
        ...newAttempt(answering, reservation),
      },
    })
    await tx.conversation.update({
      where: { id: conversation.id },
      data: {
        status: 'pending',
        lastMessagePreview: text.slice(0, PREVIEW_CHARACTERS),
        lastMessageAt: new Date(),
        ...(fromDashboard ? {} : { unreadCount: { increment: 1 } }),
      },
    })
    return { message: saved, created: true, abandoned }
  })
  if (abandoned) await meterFailedAnswer(answering, abandoned)
  if (created && !admission.standing.enforced) {
    await recordUsage(answering.database, { accountId, amounts: { messages: 1 } }).catch((error: unknown) =>
      answering.logger.error({ err: error, messageId: message.id }, 'could not meter a message'),
    )
  }
  return message
}
