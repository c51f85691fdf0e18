import { isProcessPresent } from '../db/is-process-present.ts'
import type { Message } from '../db/generated/prisma/client.ts'
import type { AbandonmentRules, Queries } from './answer-attempt.ts'

type AttemptFields = Pick<Message, 'id' | 'answerOwner' | 'answerStartedAt' | 'updatedAt'>

/** This process's attempt that stopped without being marked failed (AnsweringProcess.droppedAttempts), if this is it. */
export const droppedAttemptOf = (answering: AbandonmentRules, message: AttemptFields) => {
  const dropped = answering.droppedAttempts.get(message.id)
  return message.answerOwner === answering.presenceKey &&
    dropped?.answerStartedAt.getTime() === message.answerStartedAt?.getTime()
    ? dropped
    : undefined
}

/**
 * Whether an answer still marked as being written has nobody writing it: it outlived the answer window,
 * or the process writing it is gone (killed, crashed, cut off from the database). This process's own
 * answers are running until the window says otherwise, unless they stopped without being marked failed;
 * a message from before answers named their process has only the window.
 */
export async function isAnswerAbandoned(
  database: Queries,
  answering: AbandonmentRules,
  message: AttemptFields,
): Promise<boolean> {
  const startedAt = message.answerStartedAt ?? message.updatedAt
  if (Date.now() - startedAt.getTime() >= answering.answerWindowMs) return true
  if (message.answerOwner === null) return false
  if (message.answerOwner === answering.presenceKey) return droppedAttemptOf(answering, message) !== undefined
  return !(await isProcessPresent(database, message.answerOwner))
}
