import type { Job } from '../db/generated/prisma/client.ts'

export interface JobContext {
  job: Job
  /** Records progress (0 to 100) and what is being done, for the progress bars of the screens. */
  reportProgress(percent: number, detail?: string): Promise<void>
  /** Aborted when the worker stops: a long job should throw (signal.throwIfAborted()); it is handed back and resumed later. */
  signal: AbortSignal
}

/**
 * Does one kind of job. Throwing fails the attempt (retried with backoff); a PermanentJobError fails the
 * job at once. `onFinalFailure`, when the kind has one, marks the job's item failed with the reason the
 * user reads; the worker calls it once the job has failed for good, whether its last attempt threw or its
 * worker died during it (the lease expired with no attempt left).
 */
export type JobHandler = ((context: JobContext) => Promise<unknown>) & {
  onFinalFailure?: (job: Job, reason: string) => Promise<void>
}

/** A failure no retry can fix (the item was deleted, the file is encrypted): the job fails with this reason. */
export class PermanentJobError extends Error {}

/** The one rule: a job has failed for good when its error says retrying cannot help, or it has no attempt left. */
export function isFinalFailure(job: Pick<Job, 'attempts' | 'maxAttempts'>, error: unknown) {
  return error instanceof PermanentJobError || job.attempts >= job.maxAttempts
}

/** What the item shows when the worker died during the job's last attempt (a crash, a kill, a restart). */
export const ABANDONED_JOB_REASON =
  'Processing stopped unexpectedly (the server restarted while it ran) and no attempt is left. Try again; if it keeps failing, try a smaller file or contact support.'
