import { signUp, type SignedUp } from './accounts.ts'
import { createTestApp, type TestApp } from './create-test-app.ts'
import { createAgentFor } from './knowledge.ts'
import { startLocalWebsite } from './local-website.ts'

export interface CrawlingTestbed {
  site: Awaited<ReturnType<typeof startLocalWebsite>>
  testApp: TestApp
  owner: SignedUp
  agentId: string
  cleanup(): Promise<void>
}

/**
 * The crawl tests' setting: a local website, an app whose crawler may reach loopback without waiting
 * between pages, and an owner with one agent. `settings` adds to or overrides the app's.
 */
export async function startCrawlingTestbed(settings: Record<string, string> = {}): Promise<CrawlingTestbed> {
  const site = await startLocalWebsite()
  const testApp = await createTestApp({
    JOB_POLL_MS: '50',
    CRAWLER_ALLOWED_NETWORKS: '127.0.0.1/32',
    CRAWL_DELAY_MS: '0',
    CRAWL_TIMEOUT_MS: '1000',
    ...settings,
  })
  const owner = await signUp(testApp)
  // Its knowledge waits for Embed: the crawl tests see what a crawl alone does.
  const agentId = await createAgentFor(testApp, owner, 'Knowledge bot', { autoEmbed: false })
  return {
    site,
    testApp,
    owner,
    agentId,
    cleanup: async () => {
      await testApp.cleanup()
      await site.close()
    },
  }
}
