import type { Spending } from '../chat/answering/answer-question.ts'
import type { PlanEnforcement } from '../billing/plan-enforcement.ts'
import type { Database } from '../db/database.ts'
import type { Message, Prisma } from '../db/generated/prisma/client.ts'
import type { Logger } from '../logging/create-logger.ts'
import type { AnswerCostBounds } from './admit-message.ts'
import type { Channels } from './channel.ts'

/** How an answer failed: failAnswer writes it on the attempt. */
export interface AnswerFailure {
  /**
   * timeout, rate_limited, unavailable, stopped (the client went away), interrupted (its process died),
   * person_joined (a team member joined the visitor's chat: kept for the team, never sent), failed
   */
  reason: string
  /** What the answer had written. */
  written: string
  /** The prompt's tokens when the provider billed it, else 0. */
  promptTokens: number
  /** What the provider reported for what was written, when it finished; else the tokenizer counts `written`. */
  completionTokens?: number
}

/** The failure of a visitor's answer cut short by a team member joining the chat: kept for the team, not sent. */
export const PERSON_JOINED = 'person_joined'

/** Prisma, or the transaction the caller holds. */
export type Queries = { prisma: Prisma.TransactionClient }

/** An attempt of this process that ended without its failure being written (the database was out of reach). */
interface DroppedAttempt {
  answerStartedAt: Date
  /** What it wrote and cost, for whoever marks it failed (the row has only what was last saved). */
  failure: AnswerFailure
}

/** What takes a message up for answering: the database, this process's presence key, how long an answer may take. */
export interface AnsweringProcess {
  database: Database
  logger: Logger
  /** Names this process on the messages it answers (server/db/hold-process-presence.ts). */
  presenceKey: bigint
  /** How long an answer may take (the LLM timeout, retrieval and saving): one older is abandoned whoever holds it. */
  answerWindowMs: number
  /**
   * By message id: this process's attempts that stopped but could not be marked failed. They count as
   * abandoned though this process lives, so the next new message, retry, edit or sweep here fails them
   * instead of waiting for the answer window.
   */
  droppedAttempts: Map<string, DroppedAttempt>
  /** The channels the composition root registered, by the conversations they carry: their budgets are spent on every answer. */
  channels: Channels
}

/** A process that takes new messages and retries up: they count against the agent owner's plan first. */
export interface ChargingProcess extends AnsweringProcess {
  /** The plans' limits: messages and answers count against the agent owner's plan. */
  plans: PlanEnforcement
  /** What bounds an answer's tokens before it runs: what a message reserves on the plan. */
  answerCosts: AnswerCostBounds
}

/** What decides whether an answer in progress is abandoned (isAnswerAbandoned). */
export type AbandonmentRules = Pick<AnsweringProcess, 'presenceKey' | 'answerWindowMs' | 'droppedAttempts'>

/** Tokens an attempt reserved on the account's billing period (MessageAdmission), settled when it ends. */
export interface TokenReservation {
  tokens: number
  periodStart: Date
}

/** What an attempt reserved on the plan, from its message row (null: nothing, limits not enforced). */
export function reservationOf(
  attempt: Pick<Message, 'answerReservedTokens' | 'answerReservedPeriod'>,
): TokenReservation | null {
  return attempt.answerReservedTokens > 0 && attempt.answerReservedPeriod
    ? { tokens: attempt.answerReservedTokens, periodStart: attempt.answerReservedPeriod }
    : null
}

/** The columns that end an attempt's reservation: whoever ends the attempt settles it (meterAnswerTokens). */
export const NO_RESERVATION = { answerReservedTokens: 0, answerReservedPeriod: null }

/** A fresh answer attempt on a user message, by this process, starting now, with what it reserved. */
export const newAttempt = (
  answering: Pick<AnsweringProcess, 'presenceKey'>,
  reservation: TokenReservation | null = null,
) => ({
  answerError: null,
  answerOwner: answering.presenceKey,
  answerStartedAt: new Date(),
  partialAnswer: null,
  answerPromptTokens: null,
  answerReservedTokens: reservation?.tokens ?? 0,
  answerReservedPeriod: reservation?.periodStart ?? null,
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
export const estimatedPromptTokens = (spending: Spending) =>
  spending.modelCalled ? Math.ceil(spending.promptCharacters / 4) : 0
