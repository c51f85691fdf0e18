import type { Actor } from '../../accounts/actor.ts'
import { requireAgentAccess } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import type { NewWebsite } from '../knowledge.schemas.ts'
import { enqueueJobOf } from '../../jobs/job-kind.ts'
import { toJobView } from '../embedding/job-view.ts'
import { CRAWL_WEBSITE } from './crawl-website-job.ts'
import { crawlJobOf } from './queue-crawl.ts'
import { toWebsiteView } from './website-view.ts'

export interface AddWebsiteOptions {
  queue: JobQueue
  actor: Actor
  agentId: string
  website: NewWebsite
}

/**
 * Adds a website item and queues its crawl (content_status pending until it is read), in one transaction:
 * no list read between the two sees the website without its job (a screen asks again only while a job
 * is queued or running, so it would stop asking).
 */
export async function addWebsite(database: Database, { queue, actor, agentId, website }: AddWebsiteOptions) {
  const agent = await requireAgentAccess(database, { actor, agentId, need: 'edit' })
  const { created, job } = await database.prisma.$transaction(async (tx) => {
    const created = await tx.website.create({
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
    const job = await enqueueJobOf(tx, CRAWL_WEBSITE, crawlJobOf(created))
    return { created, job }
  })
  queue.wake()
  return toWebsiteView(created, toJobView(job))
}
