import { saveUserMessage } from '../../conversations/save-user-message.ts'
import { answerUserMessage, type ChatEvents, type ChatServices } from '../../conversations/send-message.ts'
import type { Conversation } from '../../db/generated/prisma/client.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import { storeAttachment, type PreparedAttachment } from './receive-attachment.ts'
import type { WidgetCaller } from './require-widget-caller.ts'

/**
 * A visitor's message, admitted by admitVisitorMessage, answered like a dashboard one (same
 * retrieval, prompt and failure handling); what the answer costs counts against the daily budget
 * (meterAnswerTokens, from the conversation's integration).
 */
export async function sendWidgetMessage(services: ChatServices, storage: FileStorage, caller: WidgetCaller, conversation: Conversation, text: string, events: ChatEvents, signal: AbortSignal, file?: PreparedAttachment) {
  const userMessage = await saveUserMessage(services, { accountId: caller.integration.accountId, conversation, text, attachments: file ? [file.stored] : [] })
  // Only a saved message's file is written: a refused one leaves nothing behind. Storing it is part of
  // answering, so a storage failure fails the answer rather than leaving it pending.
  return answerUserMessage(services, caller.agent, userMessage, events, signal, file ? { attachments: [file.forAnswer], prepare: () => storeAttachment(storage, file) } : {})
}
