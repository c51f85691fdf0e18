import type { Database } from '../../db/database.ts'
import type { Website } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import { enqueueJob, JobAlreadyActiveError } from '../../jobs/enqueue-job.ts'
import { toJobView } from '../embedding/job-view.ts'
import type { EmbeddingQueue } from '../embedding/start-embedding.ts'

export const CRAWL_WEBSITE_JOB = 'crawl-website'

/** Queues a crawl of the website, unless one is already queued or running. */
export async function queueCrawl(database: Database, queue: EmbeddingQueue, website: Website) {
  let job
  try {
    job = await enqueueJob(database.prisma, {
      kind: CRAWL_WEBSITE_JOB,
      accountId: website.accountId,
      agentId: website.agentId,
      subjectType: 'website',
      subjectId: website.id,
      payload: { id: website.id },
      maxAttempts: 3,
      onlyOneActive: true,
    })
  } catch (error) {
    if (!(error instanceof JobAlreadyActiveError)) throw error
    const active = await database.prisma.job.findUnique({ where: { activeKey: `${CRAWL_WEBSITE_JOB}:${website.id}` } })
    throw new AppError('CONFLICT', 'This website is already being crawled', active ? { job: toJobView(active) } : undefined)
  }
  queue.wake()
  return toJobView(job)
}
