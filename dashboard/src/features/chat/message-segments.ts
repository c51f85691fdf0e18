// SPEC section 2: in message text, markdown links and bare http(s) URLs become links and invalid URLs
// stay plain text; answers cite their sources as [n]. A little more markdown reads as it should: lists
// (- item, * item, 1. item) and **bold**. The text is cut into typed blocks and pieces that React
// renders as elements and text nodes, never as HTML.

export type MessageSegment =
  | { kind: 'text'; text: string }
  | { kind: 'bold'; text: string }
  | { kind: 'link'; text: string; url: string }
  | { kind: 'citation'; number: number }

/** Lines of text (kept as written), or a run of list items. */
export type MessageBlock = { kind: 'lines'; text: string } | { kind: 'list'; ordered: boolean; items: string[] }

const PATTERN =
  /\[([^\]\n]{1,300})\]\(([^)\s]{1,2000})\)|(https?:\/\/[^\s<>"')\]]+)|\[(\d{1,3})\]|\*\*(?=\S)([^*\n]{1,500}?)(?<=\S)\*\*/g
const LIST_ITEM = /^\s*(?:([-*•])|(\d{1,3})[.)])\s+(.*)$/

/** The text's blocks: consecutive list lines of one kind make a list; everything else stays lines. */
export function messageBlocks(text: string): MessageBlock[] {
  const blocks: MessageBlock[] = []
  for (const line of text.split('\n')) {
    const item = LIST_ITEM.exec(line)
    const previous = blocks[blocks.length - 1]
    if (item) {
      const ordered = item[2] !== undefined
      if (previous?.kind === 'list' && previous.ordered === ordered) previous.items.push(item[3] ?? '')
      else blocks.push({ kind: 'list', ordered, items: [item[3] ?? ''] })
    } else if (previous?.kind === 'lines') previous.text += `\n${line}`
    else blocks.push({ kind: 'lines', text: line })
  }
  return blocks
}

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
    const [whole, label, markdownUrl, bareUrl, citation, bold] = match
    if (bold !== undefined) segments.push({ kind: 'bold', text: bold })
    else if (label !== undefined && markdownUrl !== undefined) {
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
