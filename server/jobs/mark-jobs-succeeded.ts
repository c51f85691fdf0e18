import type { Prisma } from '../db/generated/prisma/client.ts'
import type { JobWriter } from './enqueue-job.ts'

export interface SucceededJob {
  id: string
  /** The worker that holds it: a job another worker has taken over is left to that worker. */
  lockedBy: string | null
  result: unknown
}

/**
 * Records jobs as succeeded, in the caller's transaction when given one, so a job's row and the work it
 * did read as done at the same moment. Jobs with the same result are written in one statement. Answers
 * the ids recorded (those still held by their worker).
 */
export async function markJobsSucceeded(writer: JobWriter, jobs: SucceededJob[]): Promise<string[]> {
  const groups = new Map<string, SucceededJob[]>()
  for (const job of jobs) {
    const key = `${job.lockedBy ?? ''}\u0000${JSON.stringify(job.result ?? null)}`
    groups.set(key, [...(groups.get(key) ?? []), job])
  }
  const recorded: string[] = []
  for (const group of groups.values()) {
    const [first] = group
    if (!first?.lockedBy) continue
    const ids = group.map((job) => job.id)
    const { count } = await writer.job.updateMany({
      where: { id: { in: ids }, lockedBy: first.lockedBy },
      data: {
        status: 'succeeded',
        progress: 100,
        result: (first.result ?? null) as Prisma.InputJsonValue,
        lastError: null,
        finishedAt: new Date(),
        activeKey: null,
        lockedBy: null,
        leaseExpiresAt: null,
      },
    })
    // Some were taken over by another worker meanwhile (rare): read which ones this write recorded.
    if (count === ids.length) recorded.push(...ids)
    else if (count > 0) {
      const still = await writer.job.findMany({ where: { id: { in: ids }, status: 'succeeded' }, select: { id: true } })
      recorded.push(...still.map((job) => job.id))
    }
  }
  return recorded
}
