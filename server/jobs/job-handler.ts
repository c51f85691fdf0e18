import type { Job, Prisma } from '../db/generated/prisma/client.ts'

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
 * user reads, through `writer`: the transaction that fails the job, so both are seen together. The worker
 * calls it once the job has failed for good, whether its last attempt threw or its worker died during it
 * (the lease expired with no attempt left).
 */
export type JobHandler = ((context: JobContext) => Promise<unknown>) & {
  onFinalFailure?: (job: Job, reason: string, writer: Prisma.TransactionClient) => Promise<void>
  /** When set, the worker claims up to `maxJobs` queued jobs of the kind and agent together and runs them at once. */
  batch?: BatchJobHandler
}

/** Several jobs of one kind and agent, claimed together; each keeps its own row, attempts and outcome. */
export interface BatchJobContext {
  jobs: Job[]
  /** Records progress (0 to 100) of some of the batch's jobs in one write. */
  reportProgress(jobIds: string[], percent: number, detail?: string): Promise<void>
  /** Aborted when the worker stops or loses a lease: the jobs still ours are handed back. */
  signal: AbortSignal
}

/**
 * What became of one job of a batch: its result, or the error its attempt failed with (retried, or final,
 * by the same rule as a single job). `isSettled` says the handler already recorded it as succeeded, in the
 * transaction that did its work (`markJobsSucceeded`).
 */
export type BatchOutcome = { result: unknown; isSettled?: boolean } | { error: unknown }

export interface BatchJobHandler {
  maxJobs: number
  /**
   * While jobs of the kind are still arriving (the claimed one was queued less than this long ago), the
   * worker waits until it is this old before taking its companions, so a stream of new jobs (texts saved
   * one after another) makes few large batches rather than many of one or two.
   */
  gatherMs?: number
  /** One outcome per job; a job without one is failed as if its attempt had thrown. Throwing fails them all. */
  runBatch(context: BatchJobContext): Promise<Map<string, BatchOutcome>>
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
