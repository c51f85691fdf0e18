// SPEC section 2: in message text, markdown links and bare http(s) URLs become links and invalid URLs
// stay plain text; answers cite their sources as [n]. The text is cut into typed pieces that React
// renders as text nodes and anchors, never as HTML.

export type MessageSegment =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; url: string } | { kind: 'citation'; number: number }

const PATTERN = /\[([^\]\n]{1,300})\]\(([^)\s]{1,2000})\)|(https?:\/\/[^\s<>"')\]]+)|\[(\d{1,3})\]/g

/** The URL when it is a well-formed http(s) address, otherwise null. */
export function safeHttpUrl(candidate: string): string | null {
  try {
    const url = new URL(candidate)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null
  } catch {
    return null
  }
}

export function messageSegments(text: string): MessageSegment[] {
  const segments: MessageSegment[] = []
  let last = 0
  const pushText = (value: string) => {
    if (!value) return
    const previous = segments[segments.length - 1]
    if (previous?.kind === 'text') previous.text += value
    else segments.push({ kind: 'text', text: value })
  }
  for (const match of text.matchAll(PATTERN)) {
    const start = match.index ?? 0
    pushText(text.slice(last, start))
    last = start + match[0].length
    const [whole, label, markdownUrl, bareUrl, citation] = match
    if (label !== undefined && markdownUrl !== undefined) {
      const url = safeHttpUrl(markdownUrl)
      if (url) segments.push({ kind: 'link', text: label, url })
      else pushText(whole)
    } else if (bareUrl !== undefined) {
      // A sentence's closing punctuation is not part of the address.
      const trimmed = bareUrl.replace(/[.,;:!?]+$/, '')
      const url = safeHttpUrl(trimmed)
      if (url) segments.push({ kind: 'link', text: trimmed, url })
      else pushText(trimmed)
      pushText(bareUrl.slice(trimmed.length))
    } else if (citation !== undefined) {
      segments.push({ kind: 'citation', number: Number(citation) })
    }
  }
  pushText(text.slice(last))
  return segments
}

/** The distinct web addresses a message links to, for link previews. */
export function linkedUrls(text: string): string[] {
  return [...new Set(messageSegments(text).flatMap((segment) => (segment.kind === 'link' ? [segment.url] : [])))]
}
