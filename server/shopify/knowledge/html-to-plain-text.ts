import { parseHTML } from 'linkedom'

type DomNode = { nodeType: number; nodeName: string; textContent: string | null; childNodes: ArrayLike<DomNode> }

const BLOCKS = new Set(['P', 'DIV', 'SECTION', 'ARTICLE', 'LI', 'BLOCKQUOTE', 'PRE', 'TR', 'TABLE', 'UL', 'OL', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'FOOTER'])
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'IFRAME'])

/**
 * A store description (Shopify's rich-text HTML) as plain text: blocks become lines, list items keep a
 * dash, scripts and styles go. Short merchant HTML, so no readability pass that could drop it.
 */
export function htmlToPlainText(html: string): string {
  if (!html.trim()) return ''
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`)
  const lines: string[] = []
  let line = ''
  const flush = () => {
    const text = line.replace(/\s+/g, ' ').trim()
    if (text) lines.push(text)
    line = ''
  }
  const walk = (node: DomNode) => {
    if (node.nodeType === 3) {
      line += node.textContent ?? ''
      return
    }
    if (node.nodeType !== 1 || SKIPPED.has(node.nodeName)) return
    if (node.nodeName === 'BR') return flush()
    const isBlock = BLOCKS.has(node.nodeName)
    if (isBlock) flush()
    if (node.nodeName === 'LI') line += '- '
    for (const child of Array.from(node.childNodes)) walk(child)
    if (isBlock) flush()
  }
  walk(document.body as unknown as DomNode)
  flush()
  return lines.join('\n')
}
