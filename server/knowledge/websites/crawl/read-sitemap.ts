import type { SafeFetch } from './safe-fetch.ts'

const LOCATION = /<loc>\s*([^<\s]+)\s*<\/loc>/gi
const MAX_SITEMAPS = 10

const decode = (url: string) => url.replace(/&amp;/g, '&')

/** Page URLs listed by the site's sitemaps (sitemap indexes followed one level), or none. */
export async function readSitemap(fetcher: SafeFetch, sitemapUrls: string[], limit: number): Promise<string[]> {
  const pages: string[] = []
  const queue = [...sitemapUrls]
  let fetched = 0
  while (queue.length > 0 && fetched < MAX_SITEMAPS && pages.length < limit) {
    const next = queue.shift() ?? ''
    fetched += 1
    let body: string
    try {
      const response = await fetcher.fetch(next)
      if (response.status !== 200) continue
      body = response.body
    } catch {
      continue
    }
    const locations = [...body.matchAll(LOCATION)].map((match) => decode(match[1] ?? ''))
    if (/<sitemapindex/i.test(body)) queue.push(...locations)
    else pages.push(...locations)
  }
  return pages.slice(0, limit)
}
