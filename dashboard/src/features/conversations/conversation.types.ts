// Conversations and messages as the API answers them (docs/api/conversations-and-dashboard.md).
export type ConversationFilter = 'all' | 'favorite' | 'archived'

export interface Conversation {
  id: string
  conversation_id?: string
  name: string
  last_message: string | null
  timestamp: string
  unread: number
  status: 'active' | 'pending' | 'completed'
  agent_id: string
  agent_name: string
  channel?: 'dashboard' | 'widget' | 'shopify'
  is_favorite: boolean
  is_archived: boolean
  is_active?: boolean
}

export interface Source {
  number: number
  title: string | null
  url: string | null
  source_type?: string
  page?: number | null
  snippet?: string | null
}

export interface Message {
  message_id: string
  conversation_id?: string
  message_text: string
  sender_type: 'user' | 'ai'
  timestamp: string
  is_deleted?: boolean
  message_link?: string | null
  sources?: Source[]
  answer_failed?: boolean
  edited_at?: string | null
  attachments?: { name?: string; file_name?: string }[]
  /** A message shown before the server has it (SPEC section 4: a temporary user message). */
  pending?: boolean
}

export interface Envelope<T> {
  data: T[]
  total: number
  page: number
  limit: number
  total_pages: number
}
