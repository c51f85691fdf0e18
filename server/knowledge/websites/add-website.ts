import type { Actor } from '../../accounts/actor.ts'
import { requireAgentAccess } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import type { NewWebsite } from '../knowledge.schemas.ts'
import { queueCrawl } from './queue-crawl.ts'
import { toWebsiteView } from './website-view.ts'

/** Adds a website item and starts its crawl (content_status pending until it is read). */
export async function addWebsite(
  database: Database,
  queue: JobQueue,
  actor: Actor,
  agentId: string,
  website: NewWebsite,
) {
  const agent = await requireAgentAccess(database, actor, agentId, 'edit')
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
