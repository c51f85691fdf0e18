import type { AnsweringProcess } from './answer-attempt.ts'
import { failAnswer } from './fail-answer.ts'
import { isAnswerAbandoned } from './is-answer-abandoned.ts'
import { meterFailedAnswer } from './meter-failed-answer.ts'

// A pass handles this many at most: a crash leaves a few, and the next pass takes the rest.
const BATCH = 200

/**
 * Marks failed the answers nobody is writing any more (their process died, or they outlived the answer
 * window), keeping what they wrote and metering it, so a crash never leaves a question pending with no
 * retry offered. Answers a pass of another process failed first are skipped (failAnswer). Returns how many.
 */
export async function failAbandonedAnswers(process: AnsweringProcess): Promise<number> {
  const { database } = process
  const inFlight = await database.prisma.message.findMany({ where: { answerOwner: { not: null }, answerError: null }, orderBy: { answerStartedAt: 'asc' }, take: BATCH })
  let failedCount = 0
  for (const message of inFlight) {
    if (!(await isAnswerAbandoned(database, process, message))) continue
    const failed = await failAnswer(database, message, { reason: 'interrupted', written: message.partialAnswer ?? '', promptTokens: message.answerPromptTokens ?? 0 })
    if (!failed) continue
    await meterFailedAnswer(database, failed)
    failedCount += 1
  }
  return failedCount
}
