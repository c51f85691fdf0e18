import type { Message } from '../db/generated/prisma/client.ts'
import {
  attemptWhere,
  NO_RESERVATION,
  reservationOf,
  type AnswerFailure,
  type Queries,
  type TokenReservation,
} from './answer-attempt.ts'

export type { AnswerFailure }

export interface FailedAnswer extends AnswerFailure {
  message: Message
  /** What the attempt had reserved on the plan, to settle against what it cost (taken from the attempt, not re-read). */
  reserved: TokenReservation | null
}

/**
 * Marks an answer that was being written as failed, keeping what it wrote on its user message. Only that
 * attempt is changed: of the process failing its own answer and another finding it abandoned, exactly one
 * gets the failed answer back to meter (meterFailedAnswer), the other null.
 */
export async function failAnswer(
  database: Queries,
  attempt: Message,
  failure: AnswerFailure,
): Promise<FailedAnswer | null> {
  const { count } = await database.prisma.message.updateMany({
    where: attemptWhere(attempt),
    data: {
      answerError: failure.reason,
      partialAnswer: failure.written || null,
      answerOwner: null,
      answerStartedAt: null,
      answerPromptTokens: null,
      ...NO_RESERVATION,
    },
  })
  if (count === 0) return null
  return {
    ...failure,
    message: await database.prisma.message.findUniqueOrThrow({ where: { id: attempt.id } }),
    reserved: reservationOf(attempt),
  }
}
