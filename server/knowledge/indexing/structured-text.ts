// HTML as the structured text chunking uses (the crawler's pages, the store's descriptions): headings as
// '#' lines, table rows as '| a | b |', blocks as paragraphs; scripts, styles, menus and forms left out.
import { parseHTML } from 'linkedom'

const BLOCKS = new Set([
  'P',
  'DIV',
  'SECTION',
  'ARTICLE',
  'LI',
  'BLOCKQUOTE',
  'PRE',
  'DD',
  'DT',
  'FIGCAPTION',
  'TABLE',
  'UL',
  'OL',
  'DL',
  'MAIN',
  'HEADER',
])
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'IFRAME', 'NAV', 'FOOTER', 'FORM', 'BUTTON'])

export type DomNode = { nodeType: number; nodeName: string; textContent: string | null; childNodes: ArrayLike<DomNode> }

// Walks the content keeping what chunking uses: headings as '#' lines, table rows as '| a | b |',
// blocks as paragraphs, inline text joined with single spaces.
export function structuredTextOf(root: DomNode): string {
  const out: string[] = []
  let line = ''
  const flush = () => {
    const text = line.replace(/\s+/g, ' ').trim()
    if (text) out.push(text)
    line = ''
  }
  const walk = (node: DomNode) => {
    if (node.nodeType === 3) {
      line += node.textContent ?? ''
      return
    }
    if (node.nodeType !== 1 || SKIPPED.has(node.nodeName)) return
    const heading = /^H([1-6])$/.exec(node.nodeName)
    if (heading) {
      flush()
      out.push(`${'#'.repeat(Number(heading[1]))} ${(node.textContent ?? '').replace(/\s+/g, ' ').trim()}`)
      return
    }
    if (node.nodeName === 'TR') {
      flush()
      const cells = Array.from(node.childNodes).filter((cell) => cell.nodeName === 'TD' || cell.nodeName === 'TH')
      out.push(
        `| ${cells.map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').replace(/\|/g, '/').trim()).join(' | ')} |`,
      )
      return
    }
    if (node.nodeName === 'BR') line += '\n'
    const isBlock = BLOCKS.has(node.nodeName)
    if (isBlock) flush()
    for (const child of Array.from(node.childNodes)) walk(child)
    if (isBlock) flush()
  }
  walk(root)
  flush()
  // Paragraphs apart, table rows together.
  return out.reduce(
    (text, piece, index) =>
      index === 0
        ? piece
        : `${text}${piece.startsWith('|') && out[index - 1]?.startsWith('|') ? '\n' : '\n\n'}${piece}`,
    '',
  )
}

/** A fragment of HTML (a store description, a page body) as structured text. */
export function htmlFragmentToText(html: string): string {
  if (!html.trim()) return ''
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`)
  return structuredTextOf(document.body as unknown as DomNode)
}
