import type { Database } from '../db/database.ts'
import type { Message, Prisma } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import { abandonedAnswerFailure } from './abandoned-answer-failure.ts'
import type { AbandonmentRules, Queries } from './answer-attempt.ts'
import { failAnswer, type FailedAnswer } from './fail-answer.ts'
import { isAnswerAbandoned } from './is-answer-abandoned.ts'

/**
 * The conversation's last message when it is a user message still without an answer: one being
 * answered right now (a second message must wait for it), or one whose answer failed (a retry).
 */
export async function unansweredUserMessage(
  database: Database | { prisma: Prisma.TransactionClient },
  conversationId: string,
): Promise<Message | null> {
  const last = await database.prisma.message.findFirst({
    where: { conversationId, isDeleted: false },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  })
  return last?.senderType === 'user' ? last : null
}

/**
 * Refuses a new message while the agent is still answering the previous one. An answer nobody is
 * writing any more (its process died, or it outlived the answer window) is not waited for: it is marked
 * failed there and then, with what it wrote, and returned for meterFailedAnswer once the caller's
 * transaction has committed.
 */
export async function refuseWhileAnswering(
  database: Queries,
  answering: AbandonmentRules,
  unanswered: Message | null,
): Promise<FailedAnswer | null> {
  if (!unanswered || unanswered.answerError !== null) return null
  if (!(await isAnswerAbandoned(database, answering, unanswered))) {
    throw new AppError(
      'CONFLICT',
      'The agent is still answering the previous message. Wait for its answer, then send again.',
    )
  }
  return failAnswer(database, unanswered, abandonedAnswerFailure(answering, unanswered))
}
