import { AppError } from '../../errors/app-error.ts'
import { saveUserMessage } from '../../conversations/save-user-message.ts'
import { answerUserMessage, type ChatEvents, type ChatServices } from '../../conversations/send-message.ts'
import { toMessageView } from '../../conversations/message-view.ts'
import { requireVisitorConversation } from './require-visitor-conversation.ts'
import type { WidgetCaller } from './require-widget-caller.ts'
import { requireWidgetBudget, spendWidgetBudget } from './widget-budget.ts'
import type { WidgetSettings } from './widget-settings.ts'
import type { StoredAttachment } from './receive-attachment.ts'

/**
 * A visitor's message, answered like a dashboard one (same retrieval, prompt and failure handling),
 * after the integration's daily token budget is checked; the answer's tokens count against it.
 */
export interface VisitorFile {
  stored: StoredAttachment
  forAnswer: { name: string; text: string | null }
}

export async function sendWidgetMessage(services: ChatServices, settings: WidgetSettings, caller: WidgetCaller, conversationId: string, text: string, events: ChatEvents, signal: AbortSignal, file?: VisitorFile) {
  const conversation = await requireVisitorConversation(services.database, caller, conversationId)
  if (!conversation.isActive) throw new AppError('CONFLICT', 'This conversation is closed. Start a new one.')
  await requireWidgetBudget(services.database, settings, caller.integration)
  const userMessage = await saveUserMessage(services.database, caller.integration.accountId, conversation, text, services.answerWindowMs, file ? [file.stored] : [])
  events.onUserMessage?.(toMessageView(userMessage))
  const result = await answerUserMessage(services, caller.agent, userMessage, events, signal, file ? [file.forAnswer] : undefined)
  const usage = result.ai_message.usage
  await spendWidgetBudget(services.database, caller.integration, (usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0))
  return result
}
