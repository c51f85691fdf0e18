import type { Prisma, PrismaClient } from '../db/generated/prisma/client.ts'

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
}

type JobWriter = Pick<PrismaClient, 'job'> | Prisma.TransactionClient

/** Adds a job for the workers. Pass a transaction client to enqueue atomically with other writes. */
export async function enqueueJob(writer: JobWriter, job: NewJob) {
  return writer.job.create({
    data: {
      kind: job.kind,
      accountId: job.accountId,
      agentId: job.agentId,
      subjectType: job.subjectType,
      subjectId: job.subjectId,
      payload: job.payload ?? {},
      dedupeKey: job.dedupeKey,
      maxAttempts: job.maxAttempts ?? 5,
      runAfter: job.runAfter ?? new Date(),
    },
  })
}
