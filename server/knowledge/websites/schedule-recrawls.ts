import type { Database } from '../../db/database.ts'
import type { Logger } from '../../logging/create-logger.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import { AppError } from '../../errors/app-error.ts'
import { queueCrawl } from './queue-crawl.ts'

export interface ScheduleRecrawlsOptions {
  queue: JobQueue
  logger: Logger
  intervalMs?: number
}

/** Every `intervalMs`, queues the crawls of websites whose re-crawl interval has come round. */
export function scheduleRecrawls(database: Database, { queue, logger, intervalMs = 60_000 }: ScheduleRecrawlsOptions) {
  const tick = async () => {
    const due = await database.prisma.website.findMany({ where: { nextCrawlAt: { lte: new Date() } }, take: 50 })
    for (const website of due) {
      // Claim the due date first: of several schedulers (servers, workers), one queues the crawl.
      const claimed = await database.prisma.website.updateMany({
        where: { id: website.id, nextCrawlAt: website.nextCrawlAt },
        data: { nextCrawlAt: null },
      })
      if (claimed.count === 0) continue
      await queueCrawl(database, queue, website).catch((error: unknown) => {
        if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error // already crawling: that crawl will do
      })
    }
  }
  const timer = setInterval(
    () => void tick().catch((error: unknown) => logger.warn({ err: error }, 'scheduling re-crawls failed')),
    intervalMs,
  )
  timer.unref()
  return { tick, stop: () => clearInterval(timer) }
}
