import type { Database } from '../../db/database.ts'
import type { Logger } from '../../logging/create-logger.ts'
import type { EmbeddingQueue } from '../embedding/start-embedding.ts'
import { CRAWL_WEBSITE_JOB, queueCrawl } from './queue-crawl.ts'

/** Every `intervalMs`, queues the crawls of websites whose re-crawl interval has come round. */
export function scheduleRecrawls(database: Database, queue: EmbeddingQueue, logger: Logger, intervalMs = 60_000) {
  const tick = async () => {
    const due = await database.prisma.website.findMany({ where: { nextCrawlAt: { lte: new Date() } }, take: 50 })
    for (const website of due) {
      const active = await database.prisma.job.count({ where: { subjectId: website.id, kind: CRAWL_WEBSITE_JOB, status: { in: ['queued', 'running'] } } })
      if (active === 0) await queueCrawl(database, queue, website)
      await database.prisma.website.update({ where: { id: website.id }, data: { nextCrawlAt: null } })
    }
  }
  const timer = setInterval(() => tick().catch((error: unknown) => logger.warn({ err: error }, 'scheduling re-crawls failed')), intervalMs)
  timer.unref()
  return { tick, stop: () => clearInterval(timer) }
}
