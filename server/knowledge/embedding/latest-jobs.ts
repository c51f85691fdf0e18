import type { Database } from '../../db/database.ts'
import type { Prisma } from '../../db/generated/prisma/client.ts'
import { toJobView, type JobView } from './job-view.ts'

type Reader = Pick<Database['prisma'], 'job'> | Prisma.TransactionClient

/** The newest job of each item, in one query, so lists can show progress without a query per item. */
export async function latestJobsOf(reader: Reader, subjectIds: string[]): Promise<Map<string, JobView>> {
  if (subjectIds.length === 0) return new Map()
  const jobs = await reader.job.findMany({
    where: { subjectId: { in: subjectIds } },
    orderBy: { createdAt: 'desc' },
    distinct: ['subjectId'],
  })
  return new Map(jobs.map((job) => [job.subjectId ?? '', toJobView(job)]))
}

/**
 * Reads items and their jobs as of one moment (a repeatable-read snapshot). Read one after the other, a
 * job could be seen finished beside its item read before the job marked it done: the item would show as
 * waiting with nothing on the way, and a screen would stop following it.
 */
export function readAtOneMoment<T>(database: Database, read: (reader: Prisma.TransactionClient) => Promise<T>) {
  return database.prisma.$transaction(read, { isolationLevel: 'RepeatableRead' })
}
