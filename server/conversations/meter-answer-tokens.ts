import type { Database } from '../db/database.ts'
import type { Conversation } from '../db/generated/prisma/client.ts'
import { settleUsage } from '../usage/consume-usage.ts'
import { recordUsage } from '../usage/record-usage.ts'
import { spendWidgetBudget } from '../widgets/public/widget-budget.ts'
import type { TokenReservation } from './answer-attempt.ts'

export interface MeterAnswerTokensOptions {
  conversation: Pick<Conversation, 'accountId' | 'widgetIntegrationId'>
  tokens: number
  reserved: TokenReservation | null
}

/**
 * Counts an answer's tokens, saved or failed: on the account's period (settling what its attempt
 * reserved: the reservation becomes the real cost), and for a visitor's chat on its widget's day.
 */
export async function meterAnswerTokens(
  database: Database,
  { conversation, tokens, reserved }: MeterAnswerTokensOptions,
): Promise<void> {
  if (reserved)
    await settleUsage(database.prisma, {
      accountId: conversation.accountId,
      metric: 'tokens',
      difference: tokens - reserved.tokens,
      periodStart: reserved.periodStart,
    })
  else await recordUsage(database, { accountId: conversation.accountId, amounts: { tokens } })
  if (conversation.widgetIntegrationId && tokens > 0)
    await spendWidgetBudget(
      database,
      { id: conversation.widgetIntegrationId, accountId: conversation.accountId },
      tokens,
    )
}
