import { afterEach, describe, expect, it } from 'vitest'
import { startLocalServer, type LocalServer } from '../../../../tests/support/local-http-server.ts'
import { loopbackFetcher } from '../../../../tests/support/loopback-fetcher.ts'
import { CrawlError } from './crawl-error.ts'
import { readRobots } from './read-robots.ts'

let site: LocalServer | undefined
afterEach(async () => {
  await site?.close()
  site = undefined
})

/** A site whose robots.txt answers as told (or never), through the crawler's own fetch. */
async function robotsOf(answer: { status: number; body?: string } | 'never') {
  site = await startLocalServer((_req, res) => {
    if (answer === 'never') return
    res.writeHead(answer.status, { 'Content-Type': 'text/plain' })
    res.end(answer.body ?? '')
  })
  const fetcher = loopbackFetcher()
  try {
    return await readRobots(fetcher, site.url, 'AgentDeskBot')
  } finally {
    await fetcher.close()
  }
}

describe("a site's robots.txt (RFC 9309)", () => {
  it('is followed as written', async () => {
    const robots = await robotsOf({ status: 200, body: 'User-agent: *\nDisallow: /private\nCrawl-delay: 2\n' })
    expect(robots.isAllowed(`${site!.url}/private/secret`)).toBe(false)
    expect(robots.isAllowed(`${site!.url}/about`)).toBe(true)
    expect(robots.crawlDelaySeconds).toBe(2)
  })

  it.each([404, 410, 403])('that is not there (HTTP %i) allows everything', async (status) => {
    const robots = await robotsOf({ status, body: 'User-agent: *\nDisallow: /\n' })
    expect(robots.isAllowed(`${site!.url}/private/secret`)).toBe(true)
  })

  it.each([500, 503])(
    'that the site cannot serve (HTTP %i) allows nothing for now: the attempt fails, to be tried again',
    async (status) => {
      const reading = robotsOf({ status, body: 'User-agent: *\nAllow: /\n' })
      await expect(reading).rejects.toThrow(
        `The site's robots.txt could not be read, so nothing was crawled: it answered HTTP ${status}.`,
      )
      await expect(reading).rejects.toMatchObject({ isPermanent: false })
    },
  )

  it('that does not answer in time allows nothing for now', async () => {
    const reading = robotsOf('never')
    await expect(reading).rejects.toThrow(/could not be read, so nothing was crawled: .*did not answer within/)
    await expect(reading).rejects.toBeInstanceOf(CrawlError)
    await expect(reading).rejects.toMatchObject({ isPermanent: false })
  })
})
