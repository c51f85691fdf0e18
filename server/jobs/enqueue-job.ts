import { Prisma, type PrismaClient } from '../db/generated/prisma/client.ts'

/** The item already has a queued or running job of this kind. */
export class JobAlreadyActiveError extends Error {}

export interface NewJob {
  kind: string
  accountId?: string
  agentId?: string
  subjectType?: string
  subjectId?: string
  payload?: Prisma.InputJsonValue
  /** The same key for the same kind is enqueued once (a webhook delivered twice, say). */
  dedupeKey?: string
  maxAttempts?: number
  runAfter?: Date
  /** At most one queued or running job of this kind for the subject (refused with JobAlreadyActiveError). */
  onlyOneActive?: boolean
}

export type JobWriter = Pick<PrismaClient, 'job'> | Prisma.TransactionClient

/** Adds a job for the workers. Pass a transaction client to enqueue atomically with other writes. */
export async function enqueueJob(writer: JobWriter, job: NewJob) {
  try {
    return await createJob(writer, job)
  } catch (error) {
    const target =
      error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
        ? JSON.stringify(error.meta ?? {})
        : ''
    if (job.onlyOneActive && /active_key|activeKey/.test(target))
      throw new JobAlreadyActiveError(`A ${job.kind} job is already active for ${job.subjectId}`)
    throw error
  }
}

/**
 * Adds many jobs in one statement. Jobs whose subject already has an active job of their kind (or whose
 * dedupe key was used) are skipped, also when another process queues them at the same moment; answers how
 * many were added.
 */
export async function enqueueJobs(writer: JobWriter, jobs: NewJob[]) {
  if (jobs.length === 0) return 0
  const added = await writer.job.createMany({ data: jobs.map(jobRow), skipDuplicates: true })
  return added.count
}

function createJob(writer: JobWriter, job: NewJob) {
  return writer.job.create({ data: jobRow(job) })
}

/** The columns a new job is written with (the rest take their defaults: queued, no attempt yet). */
export function jobRow(job: NewJob) {
  return {
    activeKey: job.onlyOneActive && job.subjectId ? `${job.kind}:${job.subjectId}` : null,
    kind: job.kind,
    accountId: job.accountId,
    agentId: job.agentId,
    subjectType: job.subjectType,
    subjectId: job.subjectId,
    payload: job.payload ?? {},
    dedupeKey: job.dedupeKey,
    maxAttempts: job.maxAttempts ?? 5,
    runAfter: job.runAfter ?? new Date(),
  }
}
