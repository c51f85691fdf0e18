import type { Spending } from '../chat/answering/answer-question.ts'
import type { Database } from '../db/database.ts'
import type { Message, Prisma } from '../db/generated/prisma/client.ts'

/** Prisma, or the transaction the caller holds. */
export type Queries = { prisma: Prisma.TransactionClient }

/** What takes a message up for answering: the database, this process's presence key, how long an answer may take. */
export interface AnsweringProcess {
  database: Database
  /** Names this process on the messages it answers (server/db/hold-process-presence.ts). */
  presenceKey: bigint
  /** How long an answer may take (the LLM timeout, retrieval and saving): one older is abandoned whoever holds it. */
  answerWindowMs: number
}

/** A fresh answer attempt on a user message, by this process, starting now. */
export const newAttempt = (process: Pick<AnsweringProcess, 'presenceKey'>) => ({
  answerError: null,
  answerOwner: process.presenceKey,
  answerStartedAt: new Date(),
  partialAnswer: null,
  answerPromptTokens: null,
})

/**
 * The attempt a message was taken up with, and only it: a write so conditioned does nothing once the answer
 * was saved, failed, or taken up again (by another process, which found this one dead, or by a retry).
 */
export const attemptWhere = (attempt: Pick<Message, 'id' | 'answerOwner' | 'answerStartedAt'>) => ({
  id: attempt.id,
  answerOwner: attempt.answerOwner,
  answerStartedAt: attempt.answerStartedAt,
  answerError: null,
})

/** The prompt a provider has billed once it had it, at four characters a token (no tokenizer on every answer). */
export const estimatedPromptTokens = (spending: Spending) => (spending.modelCalled ? Math.ceil(spending.promptCharacters / 4) : 0)
