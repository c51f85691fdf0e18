import type { MessageView } from '../../conversations/message-view.ts'

interface SourceForTeam {
  number?: number
  title?: string | null
  url?: string | null
  page?: number | null
  snippet?: string
}

/**
 * A message as a visitor sees it: their words and the answers with their sources (title, page link,
 * snippet), never the team's bookkeeping (read flags, models, token counts, internal ids).
 */
export function toVisitorMessage(view: MessageView) {
  const sources = (Array.isArray(view.sources) ? (view.sources as SourceForTeam[]) : []).map((source) => ({
    number: source.number,
    title: source.title ?? null,
    url: source.url ?? null,
    page: source.page ?? null,
    snippet: source.snippet ?? '',
  }))
  return {
    message_id: view.message_id,
    message_text: view.message_text,
    sender_type: view.sender_type,
    timestamp: view.timestamp,
    sources,
    message_link: view.message_link,
    attachments: view.attachments.map((attachment) => ({
      name: attachment.name,
      content_type: attachment.content_type,
      size: attachment.size,
    })),
  }
}
