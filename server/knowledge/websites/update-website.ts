import type { Actor } from '../../accounts/actor.ts'
import type { Database } from '../../db/database.ts'
import type { EmbeddingQueue } from '../embedding/start-embedding.ts'
import { latestJobsOf } from '../embedding/latest-jobs.ts'
import type { UpdateWebsite } from '../knowledge.schemas.ts'
import { queueCrawl } from './queue-crawl.ts'
import { requireWebsite } from './require-website.ts'
import { toWebsiteView } from './website-view.ts'

/** Changes a website; a new URL or new crawl limits start a new crawl. */
export async function updateWebsite(database: Database, queue: EmbeddingQueue, actor: Actor, agentId: string, websiteId: string, changes: UpdateWebsite) {
  await requireWebsite(database, actor, agentId, websiteId, 'edit')
  const isCrawlChanged = ['website_url', 'crawling', 'max_pages', 'max_depth', 'include_patterns', 'exclude_patterns'].some((key) => changes[key as keyof UpdateWebsite] !== undefined)
  const hasActiveCrawl = (await database.prisma.job.count({ where: { subjectId: websiteId, status: { in: ['queued', 'running'] } } })) > 0
  const updated = await database.prisma.website.update({
    where: { id: websiteId },
    data: {
      url: changes.website_url,
      name: changes.website_name,
      crawling: changes.crawling,
      maxPages: changes.max_pages,
      maxDepth: changes.max_depth,
      includePatterns: changes.include_patterns,
      excludePatterns: changes.exclude_patterns,
      recrawlIntervalHours: changes.recrawl_interval_hours,
      nextCrawlAt: changes.recrawl_interval_hours === null ? null : undefined,
      ...(isCrawlChanged && !hasActiveCrawl ? { contentStatus: 'pending' as const, statusError: null } : {}),
    },
  })
  const job = isCrawlChanged && !hasActiveCrawl ? await queueCrawl(database, queue, updated) : (await latestJobsOf(database, [websiteId])).get(websiteId)
  return toWebsiteView(updated, job)
}
