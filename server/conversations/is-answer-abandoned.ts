import { isProcessPresent } from '../db/is-process-present.ts'
import type { Message } from '../db/generated/prisma/client.ts'
import type { AnsweringProcess, Queries } from './answer-attempt.ts'

/**
 * Whether an answer still marked as being written has nobody writing it: it outlived the answer window,
 * or the process writing it is gone (killed, crashed, cut off from the database). This process's own
 * answers are running until the window says otherwise; a message from before answers named their
 * process has only the window.
 */
export async function isAnswerAbandoned(database: Queries, process: Pick<AnsweringProcess, 'presenceKey' | 'answerWindowMs'>, message: Pick<Message, 'answerOwner' | 'answerStartedAt' | 'updatedAt'>): Promise<boolean> {
  const startedAt = message.answerStartedAt ?? message.updatedAt
  if (Date.now() - startedAt.getTime() >= process.answerWindowMs) return true
  if (message.answerOwner === null || message.answerOwner === process.presenceKey) return false
  return !(await isProcessPresent(database, message.answerOwner))
}
