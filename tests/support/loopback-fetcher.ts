import { parseAllowList } from '../../server/knowledge/websites/crawl/network-policy.ts'
import { createSafeFetch } from '../../server/knowledge/websites/crawl/safe-fetch.ts'

/** The crawler's own fetch, allowed to reach the test's servers on 127.0.0.1, with a 1 s timeout. */
export const loopbackFetcher = () =>
  createSafeFetch({
    allowList: parseAllowList(['127.0.0.1/32']),
    userAgent: 'AgentDeskBot',
    timeoutMs: 1_000,
    maxBytes: 100_000,
  })
