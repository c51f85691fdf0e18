import type { MessageView } from '../../conversations/conversations.schemas.ts'
import type { ProductCard, VisitorMessageView } from './widget-chat.schemas.ts'

/**
 * A message as a visitor sees it (VisitorMessageViewSchema): what the team's view has, less its
 * bookkeeping, with the cards of its products as they are now (readProductCards; a product no longer
 * sold has none, and is left out).
 */
export function toVisitorMessage(view: MessageView, cards?: ReadonlyMap<string, ProductCard>): VisitorMessageView {
  return {
    message_id: view.message_id,
    message_text: view.message_text,
    sender_type: view.sender_type,
    sender_name: view.sender_name,
    timestamp: view.timestamp,
    sources: view.sources.map((source) => ({
      number: source.number,
      title: source.title ?? null,
      url: source.url ?? null,
      page: source.page ?? null,
      snippet: source.snippet ?? '',
    })),
    message_link: view.message_link,
    attachments: view.attachments.map((attachment) => ({
      name: attachment.name,
      content_type: attachment.content_type,
      size: attachment.size,
    })),
    feedback: view.feedback?.visitor?.rating ?? null,
    products: view.product_ids.flatMap((id) => {
      const card = cards?.get(id)
      return card ? [card] : []
    }),
  }
}
