import type { ChannelBudget } from '../../conversations/channel.ts'
import type { WidgetIntegration } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import type { UsagePeriod } from '../../billing/billing-period.ts'
import type { CounterKey } from '../../usage/read-counters.ts'
import type { WidgetSettings } from './widget-settings.ts'

const BUDGET_SPENT = 'This chat has reached its limit for today. Please try again tomorrow.'

function utcDayOf(moment: Date): UsagePeriod {
  const start = new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()))
  return { start, end: new Date(start.getTime() + 86_400_000) }
}

const scopeOf = (integration: Pick<WidgetIntegration, 'id'>) => `widget:${integration.id}`

/** The integration's counter of tokens spent today (UTC), for readCounters. */
export function widgetDayCounter(integration: Pick<WidgetIntegration, 'id'>, moment = new Date()): CounterKey {
  return { metric: 'tokens', scope: scopeOf(integration), periodStart: utcDayOf(moment).start }
}

/** Refuses a widget message once the integration has spent its tokens for the UTC day. */
export function requireWidgetBudget(
  settings: WidgetSettings,
  integration: WidgetIntegration,
  spentToday: number,
): void {
  const budget = integration.dailyTokenBudget ?? settings.dailyTokenBudget
  if (spentToday >= budget) {
    const day = utcDayOf(new Date())
    throw new AppError('RATE_LIMITED', BUDGET_SPENT, {
      reason: 'daily_budget',
      retry_after: Math.ceil((day.end.getTime() - Date.now()) / 1000),
    })
  }
}

/**
 * The widget's budget as a channel's (ChannelBudget): every answer in a chat of the integration's, on the
 * website or a storefront, spends on its day. requireWidgetBudget checks it as a message comes.
 */
export const widgetBudget: ChannelBudget = {
  counterOf: (conversation, moment) =>
    conversation.widgetIntegrationId
      ? { scope: scopeOf({ id: conversation.widgetIntegrationId }), period: utcDayOf(moment) }
      : null,
}
