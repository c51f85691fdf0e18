import { AppError } from '../../errors/app-error.ts'
import { saveUserMessage } from '../../conversations/save-user-message.ts'
import { answerUserMessage, type ChatEvents, type ChatServices } from '../../conversations/send-message.ts'
import { toMessageView } from '../../conversations/message-view.ts'
import { requireVisitorConversation } from './require-visitor-conversation.ts'
import type { WidgetCaller } from './require-widget-caller.ts'
import { requireWidgetBudget, spendWidgetBudget } from './widget-budget.ts'
import type { WidgetSettings } from './widget-settings.ts'
import { storeAttachment, type PreparedAttachment } from './receive-attachment.ts'
import type { FileStorage } from '../../storage/file-storage.ts'

/**
 * A visitor's message, answered like a dashboard one (same retrieval, prompt and failure handling),
 * after the integration's daily token budget is checked; the answer's tokens count against it.
 */
export async function sendWidgetMessage(services: ChatServices, settings: WidgetSettings, storage: FileStorage, caller: WidgetCaller, conversationId: string, text: string, events: ChatEvents, signal: AbortSignal, file?: PreparedAttachment) {
  const conversation = await requireVisitorConversation(services.database, caller, conversationId)
  if (!conversation.isActive) throw new AppError('CONFLICT', 'This conversation is closed. Start a new one.')
  await requireWidgetBudget(services.database, settings, caller.integration)
  const userMessage = await saveUserMessage(services.database, caller.integration.accountId, conversation, text, services.answerWindowMs, file ? [file.stored] : [])
  // Only a saved message's file is written: a refused one leaves nothing behind.
  if (file) await storeAttachment(storage, file)
  events.onUserMessage?.(toMessageView(userMessage))
  const spend = (tokens: number) => spendWidgetBudget(services.database, caller.integration, tokens)
  return answerUserMessage(services, caller.agent, userMessage, { ...events, onSpent: spend }, signal, file ? [file.forAnswer] : undefined)
}
