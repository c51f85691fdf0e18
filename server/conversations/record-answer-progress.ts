import type { Spending } from '../chat/answering/answer-question.ts'
import type { Database } from '../db/database.ts'
import type { Message } from '../db/generated/prisma/client.ts'
import type { Logger } from '../logging/create-logger.ts'
import { estimatedPromptTokens } from './answer-attempt.ts'
import { answerCopiesOf } from './answer-copies.ts'

// Often enough that a crash loses little of what the person saw, rarely enough to cost nothing per token.
const SAVE_EVERY_MS = 1_000

export interface AnswerProgress {
  /** Called as the answer grows; saves it when the last save is old enough. */
  update(spending: Spending): void
  /** Resolves once no save is under way, so the answer's final write comes last. */
  settled(): Promise<void>
}

export interface AnswerProgressOptions {
  database: Database
  logger: Logger
  attempt: Message
  /** Aborted when a save finds the attempt no longer this one's: another process took it for dead and failed it. */
  takenOver: AbortController
}

/**
 * Keeps the answer being written on its user message, with its prompt's cost, so that when this process
 * dies mid-answer the next one to look (failAbandonedAnswers) can mark it failed with what was written.
 * The copies of all the answers this process writes are saved together (answerCopiesOf).
 */
export function recordAnswerProgress({ database, logger, attempt, takenOver }: AnswerProgressOptions): AnswerProgress {
  const copies = answerCopiesOf(database, logger)
  // The first copy is saved a while into the answer: a short answer is saved whole, once, at its end.
  let savedAt = Date.now()
  let savedLength = 0
  let saving: Promise<void> | null = null
  return {
    update(spending) {
      if (saving || spending.streamed.length === savedLength || Date.now() - savedAt < SAVE_EVERY_MS) return
      savedAt = Date.now()
      savedLength = spending.streamed.length
      saving = copies
        .keep({ attempt, text: spending.streamed, promptTokens: estimatedPromptTokens(spending), takenOver })
        .finally(() => {
          saving = null
        })
    },
    // A copy still waiting for its batch is dropped: the answer's final write says more.
    settled: () => (copies.withdraw(attempt.id) ? Promise.resolve() : (saving ?? Promise.resolve())),
  }
}
