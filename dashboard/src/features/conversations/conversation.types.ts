// Conversations and messages as the API answers them: the server's own contract
// (server/conversations/conversations.schemas.ts, docs/api/conversations-and-dashboard.md).
import type {
  ConversationView,
  CreatedConversation,
  MessageList,
  MessageView,
  SourceView,
} from '#server/conversations/conversations.schemas.ts'

export type ConversationFilter = 'all' | 'favorite' | 'archived'

export type Conversation = ConversationView
export type Source = SourceView
export type MessagePage = MessageList
export type StartedConversation = CreatedConversation

/** A message as the API answers it, or one shown before the server has it (SPEC section 4: a temporary user message). */
export type Message = MessageView & { pending?: boolean }

/** The user's message as the chat shows it until the server has saved it. */
export const pendingMessage = (conversationId: string, text: string): Message => ({
  message_id: `pending-${Date.now()}`,
  conversation_id: conversationId,
  message_text: text,
  sender_type: 'user',
  sender_name: null,
  timestamp: new Date().toISOString(),
  is_read: true,
  is_deleted: false,
  is_archived: false,
  message_link: null,
  attachments: [],
  sources: [],
  product_ids: [],
  products: [],
  reply_to: null,
  edited_at: null,
  versions: null,
  answer_failed: false,
  answer_failure: null,
  partial_answer: null,
  feedback: null,
  usage: null,
  pending: true,
})
