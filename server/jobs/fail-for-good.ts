import type { Database } from '../db/database.ts'
import type { Job, Prisma } from '../db/generated/prisma/client.ts'
import type { Logger } from '../logging/create-logger.ts'
import type { JobHandler } from './job-handler.ts'

export interface FailForGoodOptions {
  /** Fails the jobs (those still ours) and returns them. */
  fail(writer: Prisma.TransactionClient): Promise<Job[]>
  handlers: Record<string, JobHandler>
  reasonOf(job: Job): string
  log: Logger
}

/**
 * Fails jobs for good and marks their items failed in one transaction, so no reader (a screen asking
 * again while a job runs) sees a job ended while its item still says it waits. When they cannot be
 * written together, each job fails alone and then its item is marked alone (logged when it refuses): a
 * job must end even if its item refuses.
 */
export async function failForGood(
  database: Database,
  { fail, handlers, reasonOf, log }: FailForGoodOptions,
): Promise<Job[]> {
  try {
    return await database.prisma.$transaction(async (writer) => {
      const failed = await fail(writer)
      for (const job of failed) await handlers[job.kind]?.onFinalFailure?.(job, reasonOf(job), writer)
      return failed
    })
  } catch (error) {
    log.warn({ err: error }, 'a failed job and its item could not be written together: each is written alone')
    const failed = await fail(database.prisma)
    for (const job of failed) {
      try {
        await handlers[job.kind]?.onFinalFailure?.(job, reasonOf(job), database.prisma)
      } catch (markError) {
        log.error({ err: markError, jobId: job.id, kind: job.kind }, "could not mark the failed job's item")
      }
    }
    return failed
  }
}
