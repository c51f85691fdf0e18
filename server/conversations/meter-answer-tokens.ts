import type { Database } from '../db/database.ts'
import type { Conversation } from '../db/generated/prisma/client.ts'
import { settleUsage } from '../usage/consume-usage.ts'
import { recordUsage } from '../usage/record-usage.ts'
import type { TokenReservation } from './answer-attempt.ts'
import type { BudgetCounter } from './channel.ts'

export interface MeterAnswerTokensOptions {
  conversation: Pick<Conversation, 'accountId'>
  tokens: number
  reserved: TokenReservation | null
  /** The channel's budget counter the answer also spends on (the widget's day), if any (ChannelBudget). */
  budget: BudgetCounter | null
}

/** Counts an answer's tokens on its channel's budget counter (a widget's day), when it has one. */
export async function spendOnBudget(
  database: Database,
  { accountId, budget, tokens }: { accountId: string; budget: BudgetCounter | null; tokens: number },
): Promise<void> {
  if (!budget || tokens <= 0) return
  await recordUsage(database, { accountId, amounts: { tokens }, scope: budget.scope, given: budget.period })
}

/**
 * Counts an answer's tokens, saved or failed: on the account's period (settling what its attempt
 * reserved: the reservation becomes the real cost), and on its channel's budget (a visitor's chat: its widget's day).
 */
export async function meterAnswerTokens(
  database: Database,
  { conversation, tokens, reserved, budget }: MeterAnswerTokensOptions,
): Promise<void> {
  if (reserved)
    await settleUsage(database.prisma, {
      accountId: conversation.accountId,
      metric: 'tokens',
      difference: tokens - reserved.tokens,
      periodStart: reserved.periodStart,
    })
  else await recordUsage(database, { accountId: conversation.accountId, amounts: { tokens } })
  await spendOnBudget(database, { accountId: conversation.accountId, budget, tokens })
}
