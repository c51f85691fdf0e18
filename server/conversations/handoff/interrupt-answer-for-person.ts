import type { Prisma } from '../../db/generated/prisma/client.ts'
import { PERSON_JOINED } from '../answer-attempt.ts'
import { failAnswer, type FailedAnswer } from '../fail-answer.ts'

/**
 * In the transaction of a team member joining, with the conversation locked: the visitor's answer being
 * written (on any process) is failed as `person_joined`, keeping what it had saved for the team, so it
 * can never be saved after the "joined" notice (saving is conditioned on the attempt). Its writer hears of
 * the join and stops streaming (watchForPerson); the caller meters what it cost once committed.
 */
export async function interruptAnswerForPerson(
  tx: Prisma.TransactionClient,
  conversationId: string,
): Promise<FailedAnswer | null> {
  const inProgress = await tx.message.findFirst({
    where: { conversationId, answerOwner: { not: null }, answerError: null, isDeleted: false },
  })
  if (!inProgress) return null
  return failAnswer({ prisma: tx }, inProgress, {
    reason: PERSON_JOINED,
    written: inProgress.partialAnswer ?? '',
    promptTokens: inProgress.answerPromptTokens ?? 0,
  })
}
