import type { Actor } from '../../accounts/actor.ts'
import { requireAgentAccess } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import type { NewWebsite } from '../knowledge.schemas.ts'
import { queueCrawl } from './queue-crawl.ts'
import { toWebsiteView } from './website-view.ts'

export interface AddWebsiteOptions {
  queue: JobQueue
  actor: Actor
  agentId: string
  website: NewWebsite
}

/** Adds a website item and starts its crawl (content_status pending until it is read). */
export async function addWebsite(database: Database, { queue, actor, agentId, website }: AddWebsiteOptions) {
  const agent = await requireAgentAccess(database, { actor, agentId, need: 'edit' })
  const created = await database.prisma.website.create({
    data: {
      accountId: agent.accountId,
      agentId,
      url: website.website_url,
      name: website.website_name,
      crawling: website.crawling,
      maxPages: website.max_pages,
      maxDepth: website.max_depth,
      includePatterns: website.include_patterns,
      excludePatterns: website.exclude_patterns,
      recrawlIntervalHours: website.recrawl_interval_hours ?? null,
    },
  })
  const job = await queueCrawl(database, queue, created)
  return toWebsiteView(created, job)
}
