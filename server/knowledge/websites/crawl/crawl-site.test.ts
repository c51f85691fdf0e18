import { afterEach, describe, expect, it } from 'vitest'
import { startLocalServer, type LocalServer } from '../../../../tests/support/local-http-server.ts'
import { loopbackFetcher } from '../../../../tests/support/loopback-fetcher.ts'
import { crawlSite } from './crawl-site.ts'

const servers: LocalServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

describe('a start page that moved to another host', () => {
  it('is crawled by the new host’s robots.txt, and fails the attempt when that file cannot be read', async () => {
    // The site moved (example.com to www.example.com): the new host cannot serve its robots.txt.
    const moved = await startLocalServer((req, res) => {
      if (req.url === '/robots.txt') {
        res.writeHead(503)
        return res.end()
      }
      res.writeHead(200, { 'Content-Type': 'text/html' })
      res.end('<html><head><title>Home</title></head><body><article><p>Moved here.</p></article></body></html>')
    })
    servers.push(moved)
    const old = await startLocalServer((req, res) => {
      if (req.url === '/robots.txt') {
        res.writeHead(200, { 'Content-Type': 'text/plain' })
        return res.end('User-agent: *\nAllow: /\n')
      }
      res.writeHead(301, { Location: `${moved.url}/` })
      res.end()
    })
    servers.push(old)
    const fetcher = loopbackFetcher()
    try {
      const crawl = crawlSite(fetcher, {
        startUrl: `${old.url}/`,
        followLinks: false,
        maxPages: 1,
        maxDepth: 0,
        includePatterns: [],
        excludePatterns: [],
        userAgent: 'AgentDeskBot',
        delayMs: 0,
        concurrency: 1,
      })
      await expect(crawl).rejects.toThrow(/robots\.txt could not be read, so nothing was crawled: it answered HTTP 503/)
      await expect(crawl).rejects.toMatchObject({ isPermanent: false })
    } finally {
      await fetcher.close()
    }
  })
})
