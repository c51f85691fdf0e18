import type { AccountStanding } from '../../billing/account-standing.ts'
import type { AppError } from '../../errors/app-error.ts'
import { beginRetrieval } from '../../chat/retrieval/retrieve-passages.ts'
import { admitMessage } from '../../conversations/admit-message.ts'
import { saveUserMessage } from '../../conversations/save-user-message.ts'
import { answerUserMessage, type ChatEvents, type ChatServices } from '../../conversations/send-message.ts'
import type { Conversation } from '../../db/generated/prisma/client.ts'
import { wantsAPerson } from '../../conversations/handoff/wants-a-person.ts'
import { watchForPerson } from '../../conversations/handoff/watch-for-person.ts'
import type { ConversationSignals } from '../../live/conversation-signals.ts'
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
  /** The plan's refusal, when it has run out but a person may still be asked for (admitVisitorMessage). */
  paused: AppError | null
  /** Where a team member joining is heard, on any process: it stops the answer being written. */
  signals: ConversationSignals
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
 * where the integration offers one, ask for one and the chat's notice answers instead of the agent. A
 * person's chat is not metered, so neither is asking for one, nor waiting for one, when the owner's plan has
 * run out (paused): anything else is then refused with the plan's refusal. A team member joining while the
 * agent answers stops the answer (kept for the team, not sent: ai_message null).
 */
export async function sendWidgetMessage(
  services: ChatServices,
  {
    storage,
    caller,
    conversation,
    text,
    file,
    standing,
    paused,
    signals,
    events,
    signal,
    linkBase,
  }: SendWidgetMessageOptions,
) {
  const asksForAPerson =
    caller.integration.humanHandoff && !conversation.personRequestedAt && !file && wantsAPerson(text)
  const waitsForAPerson = paused !== null && conversation.personRequestedAt !== null
  if (conversation.personName || asksForAPerson || waitsForAPerson) {
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
  if (paused) throw paused
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
  const person = await watchForPerson({ database: services.database, signals, conversationId: conversation.id })
  try {
    return await answerUserMessage(services, {
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
      personJoined: person.joined,
    })
  } finally {
    person.stop()
  }
}
