import type { Database } from '../db/database.ts'
import type { Job } from '../db/generated/prisma/client.ts'

export interface ClaimCompanionJobsOptions {
  workerId: string
  /** The job just claimed: companions are runnable jobs of its kind and agent. */
  job: Job
  limit: number
  leaseMs: number
}

/**
 * Claims more runnable jobs of the claimed job's kind and agent, oldest first, for a batch handler (an
 * agent's 5,000 queued embed jobs run in batches, not one at a time). Runnable and skipped-when-locked
 * exactly as in claimNextJob, so two workers never take one job.
 */
export async function claimCompanionJobs(
  database: Database,
  { workerId, job, limit, leaseMs }: ClaimCompanionJobsOptions,
): Promise<Job[]> {
  if (limit <= 0 || !job.agentId) return []
  const claimed = await database.prisma.$queryRaw<{ id: string }[]>`
    update jobs set status = 'running', locked_by = ${workerId}, attempts = attempts + 1,
      lease_expires_at = now() + make_interval(secs => ${leaseMs / 1000}), updated_at = now()
    where id in (
      select id from jobs
      where agent_id = ${job.agentId}::uuid and kind = ${job.kind} and id <> ${job.id}::uuid
        and ((status = 'queued' and run_after <= now())
          or (status = 'running' and lease_expires_at < now() and attempts < max_attempts))
      order by run_after, created_at
      for update skip locked
      limit ${limit})
    returning id`
  if (claimed.length === 0) return []
  return database.prisma.job.findMany({
    where: { id: { in: claimed.map((row) => row.id) } },
    orderBy: [{ runAfter: 'asc' }, { createdAt: 'asc' }],
  })
}
