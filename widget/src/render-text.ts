import type { Source } from './widget-api.ts'

// A little markdown: lists (- item, * item, 1. item), **bold**, links and bare http(s) URLs, and [n]
// citations; everything else is text. Nodes are built with textContent and attributes only, never
// innerHTML, so no message can inject markup.
const TOKEN =
  /\[([^\]\n]{1,200})\]\((https?:\/\/[^\s)]+)\)|(https?:\/\/[^\s<>"')\]]+)|\[(\d{1,2})\]|\*\*(?=\S)([^*\n]{1,300}?)(?<=\S)\*\*/g
const LIST_ITEM = /^\s*(?:([-*•])|(\d{1,3})[.)])\s+(.*)$/

function safeUrl(value: string): string | null {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

function link(text: string, href: string, className?: string): HTMLAnchorElement {
  const anchor = document.createElement('a')
  anchor.href = href
  anchor.target = '_blank'
  anchor.rel = 'noopener noreferrer nofollow'
  anchor.textContent = text
  if (className) anchor.className = className
  return anchor
}

/** A message's text as DOM: list lines become a list, the rest stays lines of text with its inline marks. */
export function renderText(text: string, sources: Source[] = []): DocumentFragment {
  const fragment = document.createDocumentFragment()
  let list: HTMLElement | null = null
  const lines = text.split('\n')
  lines.forEach((line, index) => {
    const item = LIST_ITEM.exec(line)
    if (item) {
      const tag = item[2] ? 'ol' : 'ul'
      if (list?.tagName.toLowerCase() !== tag) fragment.append((list = document.createElement(tag)))
      const entry = document.createElement('li')
      entry.append(renderInline(item[3] ?? '', sources))
      list.append(entry)
      return
    }
    list = null
    fragment.append(renderInline(line, sources))
    // A line break between lines of text; a list ends its own line.
    if (index < lines.length - 1 && !LIST_ITEM.test(lines[index + 1] ?? '')) fragment.append('\n')
  })
  return fragment
}

function renderInline(text: string, sources: Source[]): DocumentFragment {
  const fragment = document.createDocumentFragment()
  let last = 0
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index ?? 0
    if (index > last) fragment.append(text.slice(last, index))
    last = index + match[0].length
    const [whole, label, target, bare, citation, bold] = match
    const href = safeUrl(target ?? bare ?? '')
    if (bold) {
      const strong = document.createElement('strong')
      strong.textContent = bold
      fragment.append(strong)
    } else if (label && href) fragment.append(link(label, href))
    else if (bare && href) fragment.append(link(bare, href))
    else if (citation) {
      const source = sources.find((candidate) => candidate.number === Number(citation))
      const sourceUrl = source?.url ? safeUrl(source.url) : null
      const mark = sourceUrl ? link(`[${citation}]`, sourceUrl, 'cite') : document.createElement('span')
      if (!sourceUrl) {
        mark.className = 'cite'
        mark.textContent = `[${citation}]`
      }
      if (source?.title) mark.title = source.title
      fragment.append(mark)
    } else fragment.append(whole)
  }
  if (last < text.length) fragment.append(text.slice(last))
  return fragment
}
