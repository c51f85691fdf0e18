import type { Database } from '../../db/database.ts'
import type { Website } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import { enqueueJob } from '../../jobs/enqueue-job.ts'
import { toJobView } from '../embedding/job-view.ts'
import type { EmbeddingQueue } from '../embedding/start-embedding.ts'

export const CRAWL_WEBSITE_JOB = 'crawl-website'

/** Queues a crawl of the website, unless one is already queued or running. */
export async function queueCrawl(database: Database, queue: EmbeddingQueue, website: Website) {
  const active = await database.prisma.job.findFirst({ where: { subjectId: website.id, kind: CRAWL_WEBSITE_JOB, status: { in: ['queued', 'running'] } } })
  if (active) throw new AppError('CONFLICT', 'This website is already being crawled', { job: toJobView(active) })
  const job = await enqueueJob(database.prisma, { kind: CRAWL_WEBSITE_JOB, accountId: website.accountId, agentId: website.agentId, subjectType: 'website', subjectId: website.id, payload: { id: website.id }, maxAttempts: 3 })
  queue.wake()
  return toJobView(job)
}
