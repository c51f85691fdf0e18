// A kind of durable job, defined once beside its handler: its name, the payload it carries (a zod schema,
// checked when the job is queued and again when a worker claims it) and its retry policy (how many
// attempts; the wait between them is the worker's backoff).
import { z } from 'zod'
import type { Job, Prisma } from '../db/generated/prisma/client.ts'
import { enqueueJob, enqueueJobs, type JobWriter, type NewJob } from './enqueue-job.ts'
import {
  PermanentJobError,
  type BatchJobContext,
  type BatchJobHandler,
  type BatchOutcome,
  type JobContext,
  type JobHandler,
} from './job-handler.ts'

export interface JobKind<Payload> {
  kind: string
  payload: z.ZodType<Payload>
  /** Attempts before the job fails for good (the last one's error is the reason its item shows). */
  maxAttempts: number
}

export function defineJobKind<Schema extends z.ZodType>(definition: {
  kind: string
  payload: Schema
  maxAttempts: number
}): JobKind<z.output<Schema>> {
  return definition as JobKind<z.output<Schema>>
}

type JobOfKind<Payload> = Omit<NewJob, 'kind' | 'payload'> & { payload: Payload }

/** A job of the kind, its payload checked against the kind's schema (the kind's attempts unless given). */
export function newJobOf<Payload>(kind: JobKind<Payload>, job: JobOfKind<Payload>): NewJob {
  const payload = kind.payload.parse(job.payload) as NewJob['payload']
  return { ...job, kind: kind.kind, payload, maxAttempts: job.maxAttempts ?? kind.maxAttempts }
}

/** Queues a job of the kind (newJobOf). */
export function enqueueJobOf<Payload>(writer: JobWriter, kind: JobKind<Payload>, job: JobOfKind<Payload>) {
  return enqueueJob(writer, newJobOf(kind, job))
}

/** The job's payload as the kind defines it; one that does not fit fails the job for good, saying why. */
function payloadOf<Payload>(kind: JobKind<Payload>, job: Pick<Job, 'payload'>): Payload {
  const parsed = kind.payload.safeParse(job.payload)
  if (!parsed.success)
    throw new PermanentJobError(
      `This ${kind.kind} job carries a payload it cannot use: ${z.prettifyError(parsed.error)}`,
    )
  return parsed.data
}

export interface JobKindHandler<Payload> {
  /** Does the job; throwing fails the attempt (a PermanentJobError fails the job at once). */
  run(context: JobContext & { payload: Payload }): Promise<unknown>
  /** Marks the job's item failed with the reason, once the job has failed for good (JobHandler). */
  onFinalFailure?(payload: Payload, reason: string, writer: Prisma.TransactionClient): Promise<void>
}

/** The worker's handler for a kind: the payload parsed (and typed) before the work starts. */
export function handlerOf<Payload>(
  kind: JobKind<Payload>,
  { run, onFinalFailure }: JobKindHandler<Payload>,
): JobHandler {
  const handler: JobHandler = (context) => run({ ...context, payload: payloadOf(kind, context.job) })
  if (onFinalFailure) handler.onFinalFailure = finalFailureOf(kind, onFinalFailure)
  return handler
}

function finalFailureOf<Payload>(
  kind: JobKind<Payload>,
  onFinalFailure: (payload: Payload, reason: string, writer: Prisma.TransactionClient) => Promise<void>,
) {
  return async (job: Job, reason: string, writer: Prisma.TransactionClient) => {
    const parsed = kind.payload.safeParse(job.payload)
    if (parsed.success) await onFinalFailure(parsed.data, reason, writer)
  }
}

export interface JobKindBatchHandler<Payload> {
  /** How many jobs of one agent a worker takes up at once. */
  maxJobs: number
  /** How long a worker lets new jobs gather before taking them up (BatchJobHandler). */
  gatherMs?: number
  /** Does the jobs (their payloads parsed); one outcome per job (BatchJobHandler). */
  runBatch(context: BatchJobContext & { items: { job: Job; payload: Payload }[] }): Promise<Map<string, BatchOutcome>>
  /** Marks a job's item failed with the reason, once the job has failed for good (JobHandler). */
  onFinalFailure?(payload: Payload, reason: string, writer: Prisma.TransactionClient): Promise<void>
}

/**
 * The worker's handler for a kind whose jobs run in batches: the worker claims up to `maxJobs` of one
 * agent together. A job whose payload does not fit fails alone; called as a plain handler (one job), it
 * runs a batch of one.
 */
export function batchHandlerOf<Payload>(
  kind: JobKind<Payload>,
  { maxJobs, gatherMs, runBatch, onFinalFailure }: JobKindBatchHandler<Payload>,
): JobHandler {
  const batch: BatchJobHandler = {
    maxJobs,
    gatherMs,
    async runBatch(context) {
      const refused = new Map<string, BatchOutcome>()
      const items: { job: Job; payload: Payload }[] = []
      for (const job of context.jobs) {
        try {
          items.push({ job, payload: payloadOf(kind, job) })
        } catch (error) {
          refused.set(job.id, { error })
        }
      }
      const outcomes = items.length > 0 ? await runBatch({ ...context, items }) : new Map<string, BatchOutcome>()
      return new Map([...outcomes, ...refused])
    },
  }
  const handler: JobHandler = async ({ job, signal, reportProgress }) => {
    const outcomes = await batch.runBatch({
      jobs: [job],
      signal,
      reportProgress: (_jobIds, percent, detail) => reportProgress(percent, detail),
    })
    const outcome = outcomes.get(job.id) ?? { error: new Error('The batch gave this job no outcome.') }
    if ('error' in outcome) throw outcome.error
    return outcome.result
  }
  handler.batch = batch
  if (onFinalFailure) handler.onFinalFailure = finalFailureOf(kind, onFinalFailure)
  return handler
}

/** Queues many jobs of the kind at once, skipping subjects that already have one active (enqueueJobs). */
export function enqueueJobsOf<Payload>(
  writer: JobWriter,
  kind: JobKind<Payload>,
  jobs: (Omit<NewJob, 'kind' | 'payload'> & { payload: Payload })[],
) {
  return enqueueJobs(
    writer,
    jobs.map((job) => ({
      ...job,
      kind: kind.kind,
      payload: kind.payload.parse(job.payload) as NewJob['payload'],
      maxAttempts: job.maxAttempts ?? kind.maxAttempts,
    })),
  )
}
