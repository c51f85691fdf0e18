import { Readability } from '@mozilla/readability'
import { parseHTML } from 'linkedom'

export interface PageContent {
  title: string
  text: string
  links: string[]
}

const BLOCKS = new Set(['P', 'DIV', 'SECTION', 'ARTICLE', 'LI', 'BLOCKQUOTE', 'PRE', 'DD', 'DT', 'FIGCAPTION', 'TABLE', 'UL', 'OL', 'DL', 'MAIN', 'HEADER'])
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'IFRAME', 'NAV', 'FOOTER', 'FORM', 'BUTTON'])

type DomNode = { nodeType: number; nodeName: string; textContent: string | null; childNodes: ArrayLike<DomNode> }

// Walks the content keeping what chunking uses: headings as '#' lines, table rows as '| a | b |',
// blocks as paragraphs, inline text joined with single spaces.
function toStructuredText(root: DomNode): string {
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
      out.push(`| ${cells.map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').replace(/\|/g, '/').trim()).join(' | ')} |`)
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
  return out.reduce((text, piece, index) => (index === 0 ? piece : `${text}${piece.startsWith('|') && out[index - 1]?.startsWith('|') ? '\n' : '\n\n'}${piece}`), '')
}

/** A page's title, its main content as structured text (menus, footers and scripts left out) and its links. */
export function htmlToText(html: string, pageUrl: string): PageContent {
  const { document } = parseHTML(html)
  const links = Array.from(document.querySelectorAll('a[href]'))
    .map((anchor) => {
      try {
        return new URL(anchor.getAttribute('href') ?? '', pageUrl).href
      } catch {
        return null
      }
    })
    .filter((href): href is string => href !== null)
  const title = (document.querySelector('title')?.textContent ?? '').replace(/\s+/g, ' ').trim()
  const article = new Readability(parseHTML(html).document as unknown as Document, { charThreshold: 100 }).parse()
  const contentRoot = article?.content ? (parseHTML(`<!doctype html><html><body>${article.content}</body></html>`).document.body as unknown as DomNode) : (document.body as unknown as DomNode | null)
  const text = contentRoot ? toStructuredText(contentRoot) : ''
  return { title: article?.title?.trim() || title, text, links }
}
