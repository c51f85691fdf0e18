import type { MessageView } from '../../conversations/message-view.ts'

/** A message as a visitor sees it: their words and the answers with sources, never the team's bookkeeping. */
export function toVisitorMessage(view: MessageView) {
  return { message_id: view.message_id, message_text: view.message_text, sender_type: view.sender_type, timestamp: view.timestamp, sources: view.sources, message_link: view.message_link, attachments: view.attachments }
}
