import type { Database } from '../../db/database.ts'
import type { Website } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import { JobAlreadyActiveError } from '../../jobs/enqueue-job.ts'
import { enqueueJobOf } from '../../jobs/job-kind.ts'
import { toJobView } from '../embedding/job-view.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'

import { CRAWL_WEBSITE, CRAWL_WEBSITE_JOB } from './crawl-website-job.ts'

export { CRAWL_WEBSITE_JOB }

/** The website's crawl job, one at a time for each website. */
export const crawlJobOf = (website: Pick<Website, 'id' | 'accountId' | 'agentId'>) =>
  ({
    accountId: website.accountId,
    agentId: website.agentId,
    subjectType: 'website',
    subjectId: website.id,
    payload: { id: website.id },
    onlyOneActive: true,
  }) as const

/** Queues a crawl of the website, unless one is already queued or running. */
export async function queueCrawl(database: Database, queue: JobQueue, website: Website) {
  let job
  try {
    job = await enqueueJobOf(database.prisma, CRAWL_WEBSITE, crawlJobOf(website))
  } catch (error) {
    if (!(error instanceof JobAlreadyActiveError)) throw error
    const active = await database.prisma.job.findUnique({ where: { activeKey: `${CRAWL_WEBSITE_JOB}:${website.id}` } })
    throw new AppError(
      'CONFLICT',
      'This website is already being crawled',
      active ? { job: toJobView(active) } : undefined,
    )
  }
  queue.wake()
  return toJobView(job)
}
