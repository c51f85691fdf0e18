import type { AccountStanding } from '../../billing/account-standing.ts'
import type { AppError } from '../../errors/app-error.ts'
import { beginRetrieval } from '../../chat/retrieval/retrieve-passages.ts'
import { admitMessage } from '../../conversations/admit-message.ts'
import { saveUserMessage } from '../../conversations/save-user-message.ts'
import type { Channel, ChatEvents } from '../../conversations/channel.ts'
import { answerUserMessage, type AnsweringServices } from '../../conversations/send-message.ts'
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
  /** The channel the visitor speaks through, bound to them: the storefront's (its shopper) or the website widget's. */
  channel: Channel
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
 * budget (the channel's budget: the integration's day). In a chat a team member holds, the
 * message is kept for them and the agent says nothing (ai_message null); words asking for a person,
 * where the integration offers one, ask for one and the chat's notice answers instead of the agent. A
 * person's chat is not metered, so neither is asking for one, nor waiting for one, when the owner's plan has
 * run out (paused): anything else is then refused with the plan's refusal. A team member joining while the
 * agent answers stops the answer (kept for the team, not sent: ai_message null).
 */
export async function sendWidgetMessage(
  answering: AnsweringServices,
  {
    storage,
    caller,
    channel,
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
    const userMessage = await keepMessageForPerson(answering.database, {
      store: { storage, logger: answering.logger },
      conversation,
      text,
      file,
    })
    events.onUserMessage?.(userMessage)
    const request = asksForAPerson
      ? await requestPerson(answering.database, { caller, conversationId: conversation.id, linkBase })
      : null
    return { conversation_id: conversation.id, user_message: userMessage, ai_message: request?.notice ?? null }
  }
  if (paused) throw paused
  const admission = await admitMessage(answering, {
    agent: caller.agent,
    questionCharacters: text.length + (file?.forAnswer.text?.length ?? 0),
    read: standing,
  })
  // Admitted: retrieval (an embeddings call, maybe) runs while the file and the message are saved.
  const passages = beginRetrieval({ retriever: answering.retriever, agentId: caller.agent.id, question: text })
  // The file is written before the message that names it, so no message ever lists a file that is not
  // there: a file that cannot be stored refuses the message (nothing saved), and a message refused or
  // not saved takes its file away again.
  if (file) await storeAttachment({ storage, logger: answering.logger }, file)
  const userMessage = await saveUserMessage(answering, {
    accountId: caller.integration.accountId,
    conversation,
    text,
    attachments: file ? [file.stored] : [],
    admission,
  }).catch(async (error: unknown) => {
    if (file) await removeUnsavedAttachment({ storage, logger: answering.logger }, file)
    throw error
  })
  const person = await watchForPerson({ database: answering.database, signals, conversationId: conversation.id })
  try {
    return await answerUserMessage(answering, {
      agent: caller.agent,
      userMessage,
      events,
      signal,
      conversation,
      channel,
      passages,
      ...(file ? { attachments: [file.forAnswer] } : {}),
      personJoined: person.joined,
    })
  } finally {
    person.stop()
  }
}
