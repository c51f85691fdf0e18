import type { Message } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import { newAttempt, type ChargingProcess } from './answer-attempt.ts'
import type { MessageAdmission } from './admit-message.ts'
import { lockConversation } from './lock-conversation.ts'
import { meterFailedAnswer } from './meter-failed-answer.ts'
import { refuseWhileAnswering, unansweredUserMessage } from './previous-turn.ts'
import { chargeAttempt, releaseAbandoned } from './save-user-message.ts'

/**
 * Takes the conversation's last, failed user message for a new answer by this process, with the
 * conversation's row locked: of two retries at the same instant one answers and the other is refused.
 * One whose answer was abandoned (its process died) is failed first, then retried. Once the new attempt
 * is committed nothing here throws (metering errors are logged): the caller answers it, or fails it.
 * The new attempt reserves its tokens on the plan (402 when they would pass it; nothing changes then).
 */
export async function claimRetry(
  answering: ChargingProcess,
  { conversationId, messageId, admission }: { conversationId: string; messageId: string; admission: MessageAdmission },
): Promise<Message> {
  const { message, abandoned } = await answering.database.prisma.$transaction(async (tx) => {
    await lockConversation(tx, conversationId)
    const unanswered = await unansweredUserMessage({ prisma: tx }, conversationId)
    if (!unanswered || unanswered.id !== messageId)
      throw new AppError('CONFLICT', 'Only the last message can be answered again, and only when its answer failed.')
    const abandoned = await releaseAbandoned(tx, await refuseWhileAnswering({ prisma: tx }, answering, unanswered))
    const reservation = await chargeAttempt(tx, { answering, admission, newMessages: 0 })
    return {
      message: await tx.message.update({ where: { id: messageId }, data: newAttempt(answering, reservation) }),
      abandoned,
    }
  })
  if (abandoned) await meterFailedAnswer(answering, abandoned)
  return message
}
