import type { Job } from '../db/generated/prisma/client.ts'

export interface JobContext {
  job: Job
  /** Records progress (0 to 100) and what is being done, for the progress bars of the screens. */
  reportProgress(percent: number, detail?: string): Promise<void>
  /** Aborted when the worker stops: a long job should throw (signal.throwIfAborted()); it is handed back and resumed later. */
  signal: AbortSignal
}

/** Does one kind of job. Throwing fails the attempt (retried with backoff); a PermanentJobError fails the job at once. */
export type JobHandler = (context: JobContext) => Promise<unknown>

/** A failure no retry can fix (the item was deleted, the file is encrypted): the job fails with this reason. */
export class PermanentJobError extends Error {}
