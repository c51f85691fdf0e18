import type { Actor } from '../../accounts/actor.ts'
import type { Database } from '../../db/database.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import { latestJobsOf } from '../embedding/latest-jobs.ts'
import type { UpdateWebsite } from '../knowledge.schemas.ts'
import { AppError } from '../../errors/app-error.ts'
import { CRAWL_WEBSITE_JOB, queueCrawl } from './queue-crawl.ts'
import { requireWebsite } from './require-website.ts'
import { toWebsiteView } from './website-view.ts'

export interface UpdateWebsiteOptions {
  queue: JobQueue
  actor: Actor
  agentId: string
  websiteId: string
  changes: UpdateWebsite
}

/** Changes a website; a new URL or new crawl limits start a new crawl. */
export async function updateWebsite(
  database: Database,
  { queue, actor, agentId, websiteId, changes }: UpdateWebsiteOptions,
) {
  const before = await requireWebsite(database, { actor, agentId, websiteId, need: 'edit' })
  const isCrawlChanged = [
    'website_url',
    'crawling',
    'max_pages',
    'max_depth',
    'include_patterns',
    'exclude_patterns',
  ].some((key) => changes[key as keyof UpdateWebsite] !== undefined)
  const hasActiveCrawl =
    (await database.prisma.job.count({ where: { activeKey: `${CRAWL_WEBSITE_JOB}:${websiteId}` } })) > 0
  if (isCrawlChanged && hasActiveCrawl)
    throw new AppError(
      'CONFLICT',
      'This website is being crawled; change its address or limits when the crawl has finished.',
    )
  const interval = changes.recrawl_interval_hours
  const nextCrawlAt =
    interval === undefined
      ? undefined
      : interval === null
        ? null
        : new Date((before.lastCrawledAt ?? new Date()).getTime() + interval * 3_600_000)
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
      nextCrawlAt,
      ...(isCrawlChanged ? { contentStatus: 'pending' as const, statusError: null } : {}),
    },
  })
  const job = isCrawlChanged
    ? await queueCrawl(database, queue, updated)
    : (await latestJobsOf(database.prisma, [websiteId])).get(websiteId)
  return toWebsiteView(updated, job)
}
