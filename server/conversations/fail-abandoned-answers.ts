import type { Message } from '../db/generated/prisma/client.ts'
import { abandonedAnswerFailure } from './abandoned-answer-failure.ts'
import type { AnsweringProcess } from './answer-attempt.ts'
import { failAnswer } from './fail-answer.ts'
import { isAnswerAbandoned } from './is-answer-abandoned.ts'
import { lockConversation } from './lock-conversation.ts'
import { meterFailedAnswer } from './meter-failed-answer.ts'

// Answers in progress are read this many at a time; a pass goes through all of them.
const BATCH = 200

/**
 * Marks failed the answers nobody is writing any more (their process died, or they outlived the answer
 * window, or this process dropped them), keeping what they wrote and metering it, so a crash never
 * leaves a question pending with no retry offered. Answers failed first by someone else are skipped
 * (failAnswer). Returns how many.
 */
export async function failAbandonedAnswers(answering: AnsweringProcess): Promise<number> {
  await forgetSettledDroppedAttempts(answering)
  let failedCount = 0
  let after: string | undefined
  for (;;) {
    const inFlight = await answering.database.prisma.message.findMany({
      where: { answerOwner: { not: null }, answerError: null, ...(after ? { id: { gt: after } } : {}) },
      orderBy: { id: 'asc' },
      take: BATCH,
    })
    for (const message of inFlight) {
      if (await failIfAbandoned(answering, message)) failedCount += 1
    }
    if (inFlight.length < BATCH) return failedCount
    after = inFlight.at(-1)?.id
  }
}

async function failIfAbandoned(answering: AnsweringProcess, message: Message): Promise<boolean> {
  if (!(await isAnswerAbandoned(answering.database, answering, message))) return false
  // With the conversation locked, as a new message or a retry takes it (lockConversation).
  const failed = await answering.database.prisma.$transaction(async (tx) => {
    await lockConversation(tx, message.conversationId)
    return failAnswer({ prisma: tx }, message, abandonedAnswerFailure(answering, message))
  })
  if (!failed) return false
  await meterFailedAnswer(answering, failed)
  return true
}

/** Forgets the attempts this process dropped that have been marked failed since (by a new message, say). */
async function forgetSettledDroppedAttempts(answering: AnsweringProcess) {
  const noted = [...answering.droppedAttempts]
  if (noted.length === 0) return
  const inFlight = await answering.database.prisma.message.findMany({
    where: { id: { in: noted.map(([messageId]) => messageId) }, answerOwner: answering.presenceKey, answerError: null },
    select: { id: true, answerStartedAt: true },
  })
  for (const [messageId, dropped] of noted) {
    const isInFlight = inFlight.some(
      (message) => message.id === messageId && message.answerStartedAt?.getTime() === dropped.answerStartedAt.getTime(),
    )
    // Unless the note was replaced meanwhile (a later attempt on the same message dropped too).
    if (!isInFlight && answering.droppedAttempts.get(messageId) === dropped) answering.droppedAttempts.delete(messageId)
  }
}
