import type { Database } from '../db/database.ts'
import type { Conversation } from '../db/generated/prisma/client.ts'
import { recordUsage } from '../usage/record-usage.ts'
import { spendWidgetBudget } from '../widgets/public/widget-budget.ts'

/** Counts an answer's tokens, saved or failed: on the account's period, and for a visitor's chat on its widget's day. */
export async function meterAnswerTokens(database: Database, conversation: Pick<Conversation, 'accountId' | 'widgetIntegrationId'>, tokens: number): Promise<void> {
  await recordUsage(database, conversation.accountId, { tokens })
  if (conversation.widgetIntegrationId) await spendWidgetBudget(database, { id: conversation.widgetIntegrationId, accountId: conversation.accountId }, tokens)
}
