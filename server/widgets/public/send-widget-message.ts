import type { AccountStanding } from '../../billing/account-standing.ts'
import { beginRetrieval } from '../../chat/retrieval/retrieve-passages.ts'
import { admitMessage } from '../../conversations/admit-message.ts'
import { saveUserMessage } from '../../conversations/save-user-message.ts'
import { answerUserMessage, type ChatEvents, type ChatServices } from '../../conversations/send-message.ts'
import type { Conversation } from '../../db/generated/prisma/client.ts'
import { wantsAPerson } from '../../conversations/handoff/wants-a-person.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import { keepMessageForPerson } from './keep-message-for-person.ts'
import type { PreparedAttachment } from './receive-attachment.ts'
import { removeUnsavedAttachment, storeAttachment } from './store-attachment.ts'
import type { WidgetCaller } from './require-widget-caller.ts'
import { requestPerson } from './request-person.ts'

export interface SendWidgetMessageOptions {
  storage: FileStorage
  caller: WidgetCaller
  conversation: Conversation
  text: string
  file?: PreparedAttachment | undefined
  /** Where the agent owner's plan stood when the message was admitted (admitVisitorMessage). */
  standing: AccountStanding
  events: ChatEvents
  signal: AbortSignal
  /** Where a person-requested alert's link points (linkBaseOf). */
  linkBase: string
}

/**
 * A visitor's message, admitted by admitVisitorMessage, answered like a dashboard one (same
 * retrieval, prompt, plan limits and failure handling); what the answer costs counts against the daily
 * budget (meterAnswerTokens, from the conversation's integration). In a chat a team member holds, the
 * message is kept for them and the agent says nothing (ai_message null); words asking for a person,
 * where the integration offers one, ask for one and the chat's notice answers instead of the agent.
 */
export async function sendWidgetMessage(
  services: ChatServices,
  { storage, caller, conversation, text, file, standing, events, signal, linkBase }: SendWidgetMessageOptions,
) {
  const asksForAPerson =
    caller.integration.humanHandoff && !conversation.personRequestedAt && !file && wantsAPerson(text)
  if (conversation.personName || asksForAPerson) {
    const userMessage = await keepMessageForPerson(services.database, {
      store: { storage, logger: services.logger },
      conversation,
      text,
      file,
    })
    events.onUserMessage?.(userMessage)
    const request = asksForAPerson
      ? await requestPerson(services.database, { caller, conversationId: conversation.id, linkBase })
      : null
    return { conversation_id: conversation.id, user_message: userMessage, ai_message: request?.notice ?? null }
  }
  const admission = await admitMessage(services, {
    agent: caller.agent,
    questionCharacters: text.length + (file?.forAnswer.text?.length ?? 0),
    read: standing,
  })
  // Admitted: retrieval (an embeddings call, maybe) runs while the file and the message are saved.
  const passages = beginRetrieval({ retriever: services.retriever, agentId: caller.agent.id, question: text })
  // The file is written before the message that names it, so no message ever lists a file that is not
  // there: a file that cannot be stored refuses the message (nothing saved), and a message refused or
  // not saved takes its file away again.
  if (file) await storeAttachment({ storage, logger: services.logger }, file)
  const userMessage = await saveUserMessage(services, {
    accountId: caller.integration.accountId,
    conversation,
    text,
    attachments: file ? [file.stored] : [],
    admission,
  }).catch(async (error: unknown) => {
    if (file) await removeUnsavedAttachment({ storage, logger: services.logger }, file)
    throw error
  })
  return answerUserMessage(services, {
    agent: caller.agent,
    userMessage,
    events,
    signal,
    conversation,
    // On a storefront, the shopper Shopify signed for (never anyone the page or the chat names).
    shopper: caller.session.shopId
      ? { shopId: caller.session.shopId, customerId: caller.session.shopifyCustomerId }
      : null,
    passages,
    ...(file ? { attachments: [file.forAnswer] } : {}),
  })
}
