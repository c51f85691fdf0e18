import { saveUserMessage } from '../../conversations/save-user-message.ts'
import { answerUserMessage, type ChatEvents, type ChatServices } from '../../conversations/send-message.ts'
import { toMessageView } from '../../conversations/message-view.ts'
import type { Conversation } from '../../db/generated/prisma/client.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import { storeAttachment, type PreparedAttachment } from './receive-attachment.ts'
import type { WidgetCaller } from './require-widget-caller.ts'
import { spendWidgetBudget } from './widget-budget.ts'

/**
 * A visitor's message, admitted by admitVisitorMessage, answered like a dashboard one (same
 * retrieval, prompt and failure handling); what the answer costs counts against the daily budget.
 */
export async function sendWidgetMessage(services: ChatServices, storage: FileStorage, caller: WidgetCaller, conversation: Conversation, text: string, events: ChatEvents, signal: AbortSignal, file?: PreparedAttachment) {
  const userMessage = await saveUserMessage(services.database, caller.integration.accountId, conversation, text, services.answerWindowMs, file ? [file.stored] : [])
  // Only a saved message's file is written: a refused one leaves nothing behind.
  if (file) await storeAttachment(storage, file)
  events.onUserMessage?.(toMessageView(userMessage))
  const spend = (tokens: number) => spendWidgetBudget(services.database, caller.integration, tokens)
  return answerUserMessage(services, caller.agent, userMessage, { ...events, onSpent: spend }, signal, file ? [file.forAnswer] : undefined)
}
