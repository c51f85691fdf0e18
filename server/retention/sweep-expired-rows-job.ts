// The daily sweep as a durable job: queued once a day whoever queues it (its dedupe key is the day), run by
// one worker, retried if it fails, and seen in the jobs table like any other.
import { z } from 'zod'
import type { Database } from '../db/database.ts'
import type { JobWriter } from '../jobs/enqueue-job.ts'
import type { JobHandler } from '../jobs/job-handler.ts'
import { defineJobKind, enqueueJobsOf, handlerOf } from '../jobs/job-kind.ts'
import type { Logger } from '../logging/create-logger.ts'
import { deleteExpiredRows } from './delete-expired-rows.ts'

const SWEEP_EXPIRED_ROWS = defineJobKind({ kind: 'sweep-expired-rows', payload: z.object({}), maxAttempts: 3 })

/** Queues the day's sweep (UTC) unless it was queued already; answers whether this call queued it. */
export async function queueDailySweep(writer: JobWriter, now = new Date()): Promise<boolean> {
  const day = now.toISOString().slice(0, 10)
  return (await enqueueJobsOf(writer, SWEEP_EXPIRED_ROWS, [{ dedupeKey: day, payload: {} }])) === 1
}

/** The sweep's handler, to register with the worker. */
export function retentionJobHandlersFor({ database, logger }: { database: Database; logger: Logger }) {
  const handlers: Record<string, JobHandler> = {
    [SWEEP_EXPIRED_ROWS.kind]: handlerOf(SWEEP_EXPIRED_ROWS, {
      run: async () => {
        const deleted = await deleteExpiredRows(database)
        logger.info({ deleted }, 'deleted expired rows (data retention)')
        return deleted
      },
    }),
  }
  return handlers
}
