import robotsParserModule from 'robots-parser'
import { CrawlError } from './crawl-error.ts'
import type { SafeFetch } from './safe-fetch.ts'

interface RobotRules {
  isAllowed(url: string, userAgent?: string): boolean | undefined
  getCrawlDelay(userAgent?: string): number | undefined
  getSitemaps(): string[]
}

// The package's own typings do not resolve under NodeNext; this is its documented signature.
const robotsParser = robotsParserModule as unknown as (url: string, text: string) => RobotRules

export interface Robots {
  isAllowed(url: string): boolean
  /** Seconds between requests the site asks for, if any. */
  crawlDelaySeconds: number | undefined
  sitemaps: string[]
}

/**
 * The site's robots.txt rules for our user agent, as RFC 9309 (2.3.1) reads them: a file that is not
 * there (any 4xx) allows everything; one the site cannot serve (5xx, a timeout, a dropped connection)
 * allows nothing for now, so the crawl fails this attempt and is tried again later.
 */
export async function readRobots(fetcher: SafeFetch, origin: string, userAgent: string): Promise<Robots> {
  const robotsUrl = `${origin}/robots.txt`
  let response
  try {
    response = await fetcher.fetch(robotsUrl)
  } catch (error) {
    if (error instanceof CrawlError && error.isPermanent) throw error
    throw unreadable(error instanceof Error ? error.message : String(error))
  }
  if (response.status >= 500) throw unreadable(`it answered HTTP ${response.status}.`)
  const robots = robotsParser(robotsUrl, response.status >= 200 && response.status < 300 ? response.body : '')
  return {
    isAllowed: (url) => robots.isAllowed(url, userAgent) !== false,
    crawlDelaySeconds: robots.getCrawlDelay(userAgent),
    sitemaps: robots.getSitemaps(),
  }
}

const unreadable = (why: string) =>
  new CrawlError(`The site's robots.txt could not be read, so nothing was crawled: ${why}`)
