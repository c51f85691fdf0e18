// A kind of durable job, defined once beside its handler: its name, the payload it carries (a zod schema,
// checked when the job is queued and again when a worker claims it) and its retry policy (how many
// attempts; the wait between them is the worker's backoff).
import { z } from 'zod'
import type { Job } from '../db/generated/prisma/client.ts'
import { enqueueJob, enqueueJobs, type JobWriter, type NewJob } from './enqueue-job.ts'
import { PermanentJobError, type JobContext, type JobHandler } from './job-handler.ts'

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

/** Queues a job of the kind, its payload checked against the kind's schema (the kind's attempts unless given). */
export function enqueueJobOf<Payload>(
  writer: JobWriter,
  kind: JobKind<Payload>,
  job: Omit<NewJob, 'kind' | 'payload'> & { payload: Payload },
) {
  const payload = kind.payload.parse(job.payload) as NewJob['payload']
  return enqueueJob(writer, { ...job, kind: kind.kind, payload, maxAttempts: job.maxAttempts ?? kind.maxAttempts })
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
  /** Marks the job's item failed with the reason, once the job has failed for good. */
  onFinalFailure?(payload: Payload, reason: string): Promise<void>
}

/** The worker's handler for a kind: the payload parsed (and typed) before the work starts. */
export function handlerOf<Payload>(
  kind: JobKind<Payload>,
  { run, onFinalFailure }: JobKindHandler<Payload>,
): JobHandler {
  const handler: JobHandler = (context) => run({ ...context, payload: payloadOf(kind, context.job) })
  if (onFinalFailure) {
    handler.onFinalFailure = async (job, reason) => {
      const parsed = kind.payload.safeParse(job.payload)
      if (parsed.success) await onFinalFailure(parsed.data, reason)
    }
  }
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
