import { CrawlError } from './crawl-error.ts'
import { htmlToText } from './html-to-text.ts'
import { createPathFilter } from './path-patterns.ts'
import { readRobots } from './read-robots.ts'
import { readSitemap } from './read-sitemap.ts'
import type { SafeFetch } from './safe-fetch.ts'

export interface CrawlSettings {
  startUrl: string
  /** The whole site (sitemap, else links) or only the start page. */
  followLinks: boolean
  maxPages: number
  maxDepth: number
  includePatterns: string[]
  excludePatterns: string[]
  userAgent: string
  /** Pause between two requests to the site (robots.txt's Crawl-delay wins when longer, up to 10 s). */
  delayMs: number
  concurrency: number
  signal?: AbortSignal
  onPage?(done: number, found: number): Promise<void>
}

interface CrawledPage {
  url: string
  title: string
  text: string
}

export interface CrawlResult {
  pages: CrawledPage[]
  skipped: { url: string; reason: string }[]
  found: number
}

const NOT_PAGES =
  /\.(png|jpe?g|gif|webp|svg|ico|css|js|mjs|json|xml|zip|gz|pdf|docx?|xlsx?|pptx?|mp[34]|mov|avi|woff2?|ttf)$/i

function normalize(url: URL) {
  const copy = new URL(url.href)
  copy.hash = ''
  return copy.href
}

/**
 * Crawls one site breadth-first: the sitemap's pages when it has one, else same-host links, within the
 * page, depth and path limits, honouring robots.txt, a few requests at a time with a pause between them.
 * A page that fails (timeout, too large, refused address) is skipped with its reason; the crawl fails
 * only when the start page itself cannot be read.
 */
export async function crawlSite(fetcher: SafeFetch, settings: CrawlSettings): Promise<CrawlResult> {
  let start = new URL(settings.startUrl)
  const isWanted = createPathFilter(settings.includePatterns, settings.excludePatterns)
  let robots = await readRobots(fetcher, start.origin, settings.userAgent)
  if (!robots.isAllowed(start.href))
    throw new CrawlError(`The site's robots.txt does not allow crawling ${start.href}.`, { isPermanent: true })
  const delayMs = Math.max(settings.delayMs, Math.min(10, robots.crawlDelaySeconds ?? 0) * 1000)

  const queued = new Map<string, number>([[normalize(start), 0]]) // url → depth
  const order = [normalize(start)]
  if (settings.followLinks && settings.maxDepth > 0) {
    const fromSitemap = await readSitemap(
      fetcher,
      robots.sitemaps.length > 0 ? robots.sitemaps : [`${start.origin}/sitemap.xml`],
      settings.maxPages * 2,
    )
    for (const page of fromSitemap) {
      const url = new URL(page, start)
      const key = normalize(url)
      if (url.host === start.host && !queued.has(key)) {
        queued.set(key, 1)
        order.push(key)
      }
    }
  }

  const result: CrawlResult = { pages: [], skipped: [], found: 0 }
  const storedUrls = new Set<string>() // final URLs after redirects: a page reached twice is stored once
  let cursor = 0
  let fetches = 0 // pages requested: what max_pages limits (pages skipped unrequested do not count)
  let lastRequestAt = 0
  const politely = async () => {
    const wait = lastRequestAt + delayMs - Date.now()
    lastRequestAt = Math.max(Date.now(), lastRequestAt + delayMs)
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  }

  async function visit(address: string) {
    const url = new URL(address)
    const depth = queued.get(address) ?? 0
    if (!robots.isAllowed(address)) return result.skipped.push({ url: address, reason: 'Disallowed by robots.txt' })
    if (address !== normalize(start) && !isWanted(url))
      return result.skipped.push({ url: address, reason: 'Outside the include/exclude patterns' })
    fetches += 1
    await politely()
    try {
      const isStart = address === order[0]
      const response = await fetcher.fetch(address, (hop) => {
        if (hop.host !== start.host) return isStart ? null : `Redirects off the site, to ${hop.host}`
        if (!robots.isAllowed(hop.href)) return 'Redirects to a page robots.txt disallows'
        return null
      })
      if (response.status >= 400) throw new CrawlError(`The page answered ${response.status}.`)
      const final = new URL(response.url)
      if (final.host !== start.host) {
        // The start page moved (example.com to www.example.com): the site is where it landed.
        if (address !== order[0])
          return result.skipped.push({ url: address, reason: `Redirects off the site, to ${final.host}` })
        robots = await readRobots(fetcher, final.origin, settings.userAgent)
        start = final
      }
      if (!robots.isAllowed(final.href))
        return result.skipped.push({ url: address, reason: 'Redirects to a page robots.txt disallows' })
      if (address !== order[0] && !isWanted(final))
        return result.skipped.push({ url: address, reason: 'Redirects outside the include/exclude patterns' })
      if (storedUrls.has(normalize(final)))
        return result.skipped.push({ url: address, reason: `The same page as ${final.href}` })
      storedUrls.add(normalize(final))
      const isHtml = /html/i.test(response.contentType) || (!response.contentType && /<html/i.test(response.body))
      const content = isHtml
        ? htmlToText(response.body, response.url)
        : { title: url.pathname, text: /text\/plain/i.test(response.contentType) ? response.body : '', links: [] }
      if (content.text.trim())
        result.pages.push({ url: response.url, title: content.title || url.href, text: content.text })
      else result.skipped.push({ url: address, reason: 'No readable text on the page' })
      if (settings.followLinks && depth < settings.maxDepth) {
        for (const link of content.links) {
          const target = new URL(link)
          const key = normalize(target)
          if (
            target.host !== start.host ||
            queued.has(key) ||
            storedUrls.has(key) ||
            NOT_PAGES.test(target.pathname) ||
            !/^https?:$/.test(target.protocol)
          )
            continue
          queued.set(key, depth + 1)
          order.push(key)
        }
      }
    } catch (error) {
      if (address === order[0] && result.pages.length === 0)
        throw error instanceof CrawlError ? error : new CrawlError(String(error))
      result.skipped.push({ url: address, reason: error instanceof Error ? error.message : String(error) })
    }
    await settings.onPage?.(result.pages.length, Math.min(order.length, settings.maxPages))
  }

  // The start page first (it decides whether the crawl can go on at all), then a few at a time.
  await visit(order[cursor++] ?? '')
  const worker = async () => {
    while (cursor < order.length && fetches < settings.maxPages) {
      settings.signal?.throwIfAborted()
      await visit(order[cursor++] ?? '')
    }
  }
  if (settings.followLinks) await Promise.all(Array.from({ length: settings.concurrency }, worker))
  result.found = order.length
  result.pages = result.pages.slice(0, settings.maxPages)
  return result
}
