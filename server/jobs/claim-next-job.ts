import type { Database } from '../db/database.ts'
import type { Job } from '../db/generated/prisma/client.ts'
import { readDatabaseClock } from '../db/read-database-clock.ts'
import { failForGood, type FailForGoodOptions } from './fail-for-good.ts'
import { ABANDONED_JOB_REASON } from './job-handler.ts'

export interface ClaimNextJobOptions {
  workerId: string
  kinds: string[]
  leaseMs: number
}

/**
 * Takes the next runnable job for this worker, or null. A job is runnable when queued and due, or
 * running under a lease that expired (its worker crashed or stopped). FOR UPDATE SKIP LOCKED makes
 * concurrent workers pass over each other's candidates instead of taking the same one.
 */
export async function claimNextJob(
  database: Database,
  { workerId, kinds, leaseMs }: ClaimNextJobOptions,
): Promise<Job | null> {
  const claimed = await database.prisma.$queryRaw<{ id: string }[]>`
    update jobs set status = 'running', locked_by = ${workerId}, attempts = attempts + 1,
      lease_expires_at = now() + make_interval(secs => ${leaseMs / 1000}), updated_at = now()
    where id = (
      select id from jobs
      where kind = any(${kinds}::text[])
        and ((status = 'queued' and run_after <= now())
          or (status = 'running' and lease_expires_at < now() and attempts < max_attempts))
      order by run_after, created_at
      for update skip locked
      limit 1)
    returning id`
  const id = claimed[0]?.id
  return id ? database.prisma.job.findUnique({ where: { id } }) : null
}

/**
 * Jobs of these kinds whose lease expired on their last allowed attempt: nothing will take them up
 * again, so they fail (with their items, `failForGood`), each once, by the worker whose update took it.
 */
export async function failAbandonedJobs(
  database: Database,
  { kinds, ...marking }: { kinds: string[] } & Omit<FailForGoodOptions, 'fail' | 'reasonOf'>,
): Promise<Job[]> {
  // The database's clock, as in the claim and the heartbeat: a worker whose clock runs fast must not
  // take a job that is still renewing its lease for abandoned.
  const now = await readDatabaseClock(database)
  const where = {
    kind: { in: kinds },
    status: 'running' as const,
    leaseExpiresAt: { lt: now },
    attempts: { gte: database.prisma.job.fields.maxAttempts },
  }
  // Asked on every turn of the worker: a transaction only when there is something to fail.
  if (!(await database.prisma.job.findFirst({ where, select: { id: true } }))) return []
  return failForGood(database, {
    ...marking,
    reasonOf: () => ABANDONED_JOB_REASON,
    fail: (writer) =>
      writer.job.updateManyAndReturn({
        where,
        data: {
          status: 'failed',
          lastError: 'The worker stopped while running it, on its last attempt.',
          finishedAt: new Date(),
          lockedBy: null,
          activeKey: null,
        },
      }),
  })
}
