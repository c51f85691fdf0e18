import robotsParserModule from 'robots-parser'
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

/** The site's robots.txt rules for our user agent; a missing or unreadable file allows everything. */
export async function readRobots(fetcher: SafeFetch, origin: string, userAgent: string): Promise<Robots> {
  const robotsUrl = `${origin}/robots.txt`
  let text = ''
  try {
    const response = await fetcher.fetch(robotsUrl)
    if (response.status === 200) text = response.body
  } catch {
    // unreachable robots.txt: as if there were none
  }
  const robots = robotsParser(robotsUrl, text)
  return {
    isAllowed: (url) => robots.isAllowed(url, userAgent) !== false,
    crawlDelaySeconds: robots.getCrawlDelay(userAgent),
    sitemaps: robots.getSitemaps(),
  }
}
