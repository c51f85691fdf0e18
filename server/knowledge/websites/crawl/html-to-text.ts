import { Readability } from '@mozilla/readability'
import { parseHTML } from 'linkedom'
import { structuredTextOf, type DomNode } from '../../indexing/structured-text.ts'

export interface PageContent {
  title: string
  text: string
  links: string[]
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
  const contentRoot = article?.content
    ? (parseHTML(`<!doctype html><html><body>${article.content}</body></html>`).document.body as unknown as DomNode)
    : (document.body as unknown as DomNode | null)
  const text = contentRoot ? structuredTextOf(contentRoot) : ''
  return { title: article?.title?.trim() || title, text, links }
}
