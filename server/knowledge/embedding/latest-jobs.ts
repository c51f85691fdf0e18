import type { Database } from '../../db/database.ts'
import { toJobView, type JobView } from './job-view.ts'

/** The newest job of each item, in one query, so lists can show progress without a query per item. */
export async function latestJobsOf(database: Database, subjectIds: string[]): Promise<Map<string, JobView>> {
  if (subjectIds.length === 0) return new Map()
  const jobs = await database.prisma.job.findMany({
    where: { subjectId: { in: subjectIds } },
    orderBy: { createdAt: 'desc' },
    distinct: ['subjectId'],
  })
  return new Map(jobs.map((job) => [job.subjectId ?? '', toJobView(job)]))
}
