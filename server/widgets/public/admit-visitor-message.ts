import type { AccountStanding } from '../../billing/account-standing.ts'
import type { PlanEnforcement } from '../../billing/plan-enforcement.ts'
import { isPlanRefusal } from '../../billing/plan-refusals.ts'
import type { Database } from '../../db/database.ts'
import type { Conversation } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import { requireVisitorConversation } from './require-visitor-conversation.ts'
import type { WidgetCaller } from './require-widget-caller.ts'
import { readCountersInBatch } from '../../usage/read-counters.ts'
import { requireWidgetBudget, widgetDayCounter } from './widget-budget.ts'
import type { WidgetSettings } from './widget-settings.ts'

/**
 * Everything that can refuse a visitor's message, before any of it is read: the conversation is the
 * visitor's and open (looked up first, so a wrong id costs no one's rate limit), then the rate limits,
 * then the integration's daily token budget, then the agent owner's plan (a live trial or subscription,
 * a message and some tokens left; the limits are applied for real when the message is saved). A chat a
 * team member is in is not metered: neither the budget nor the plan refuses the visitor's words to them.
 * Where a person can be asked for, a plan that has run out does not refuse here: the message is read, and
 * `paused` carries the refusal for everything but asking for (or waiting for) a person (sendWidgetMessage).
 * A chat opened uncounted while the plan refused it is counted here, before the agent's first answer in
 * it: while the plan still has no conversation left, the agent stays paused there.
 */
export async function admitVisitorMessage(
  { database, settings, plans }: { database: Database; settings: WidgetSettings; plans: PlanEnforcement },
  {
    caller,
    conversationId,
    limitMessages,
  }: { caller: WidgetCaller; conversationId: string; limitMessages: () => Promise<void> },
): Promise<{ conversation: Conversation; standing: AccountStanding; paused: AppError | null }> {
  const conversation = await requireVisitorConversation(database, caller, conversationId)
  if (!conversation.isActive) throw new AppError('CONFLICT', 'This conversation is closed. Start a new one.')
  await limitMessages()
  const standing = await plans.standingOf(caller.integration.accountId)
  if (conversation.personName) return { conversation, standing, paused: null }
  // The integration's day and, where limits apply, the plan's messages and tokens: one read, shared with
  // the visitors of the widget asking at the same moment.
  const plan = (metric: 'messages' | 'tokens') => ({ metric, scope: '', periodStart: standing.period.start })
  const [spentToday = 0, messages = 0, tokens = 0] = await readCountersInBatch(database, {
    accountId: caller.integration.accountId,
    keys: [widgetDayCounter(caller.integration), ...(standing.enforced ? [plan('messages'), plan('tokens')] : [])],
  })
  requireWidgetBudget(settings, caller.integration, spentToday)
  try {
    plans.requireRoomToAnswer(standing, { messages, tokens })
    if (conversation.awaitsCounting) await countConversation(plans, conversation)
  } catch (error) {
    if (!isPlanRefusal(error) || !caller.integration.humanHandoff) throw error
    return { conversation, standing, paused: error }
  }
  return { conversation, standing, paused: null }
}

/** Counts a chat opened uncounted, once, however many of its messages arrive at the same moment. */
async function countConversation(plans: PlanEnforcement, conversation: Conversation) {
  await plans
    .createCounted(conversation.accountId, 'conversations', async (tx) => {
      const { count } = await tx.conversation.updateMany({
        where: { id: conversation.id, awaitsCounting: true },
        data: { awaitsCounting: false },
      })
      // Another message counted it first: undo this count.
      if (count === 0) throw ALREADY_COUNTED
    })
    .catch((error: unknown) => {
      if (error !== ALREADY_COUNTED) throw error
    })
}

const ALREADY_COUNTED = new Error('The conversation was counted by another message')
