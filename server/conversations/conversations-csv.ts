import { csvRow } from '../csv/csv-row.ts'
import type { ExportedConversation } from './export-conversations.ts'

export const CONVERSATIONS_CSV_HEADER = csvRow([
  'conversation_id',
  'conversation_name',
  'channel',
  'visitor_email',
  'message_id',
  'sender_type',
  'sender_name',
  'text',
  'sources',
  'feedback',
  'created_at',
])

/**
 * A conversation's lines: one per message, its sources as "[n] title <url>" and its ratings as
 * "visitor: down (comment)" each joined by " | ".
 */
export function conversationCsvRows(conversation: ExportedConversation) {
  return conversation.messages
    .map((message) =>
      csvRow([
        conversation.conversation_id,
        conversation.name,
        conversation.channel,
        conversation.visitor_email,
        message.message_id,
        message.sender_type,
        message.sender_name,
        message.text,
        message.sources
          .map((source) => `[${source.number}] ${source.title ?? ''}${source.url ? ` <${source.url}>` : ''}`.trim())
          .join(' | '),
        message.feedback
          .map((rating) => `${rating.by}: ${rating.rating}${rating.comment ? ` (${rating.comment})` : ''}`)
          .join(' | '),
        message.created_at,
      ]),
    )
    .join('')
}
