import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import type { Database } from '../db/database.ts'
import type { Job, Prisma } from '../db/generated/prisma/client.ts'
import type { Logger } from '../logging/create-logger.ts'
import { claimCompanionJobs } from './claim-companion-jobs.ts'
import { claimNextJob, failAbandonedJobs } from './claim-next-job.ts'
import { failForGood } from './fail-for-good.ts'
import {
  isFinalFailure,
  PermanentJobError,
  type BatchJobHandler,
  type BatchOutcome,
  type JobHandler,
} from './job-handler.ts'
import { markJobsSucceeded } from './mark-jobs-succeeded.ts'

export interface WorkerOptions {
  database: Database
  logger: Logger
  handlers: Record<string, JobHandler>
  /** How long a claimed job stays ours without a heartbeat. */
  leaseMs?: number
  /** How often an idle worker looks for work (it is also woken at once by `wake`). */
  pollMs?: number
  concurrency?: number
  /** Delay before retry n (1-based). */
  backoffMs?: (attempt: number) => number
}

export interface RunningWorker {
  id: string
  /** Look for work now (call after enqueueing). */
  wake(): void
  /** Stops taking jobs and waits for the running ones; cut off after `graceMs`, they are taken up again later. */
  stop(graceMs?: number): Promise<void>
}

/** Waits, or less when the signal aborts. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })

const defaultBackoff = (attempt: number) => Math.min(10 * 60_000, 5_000 * 2 ** (attempt - 1))

function describeError(error: unknown) {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2_000)
}

/** A worker loop inside this process: claims jobs, runs their handler, records the outcome. */
export function startWorker(options: WorkerOptions): RunningWorker {
  const { database, logger, handlers } = options
  const leaseMs = options.leaseMs ?? 60_000
  const pollMs = options.pollMs ?? 1_000
  const backoffMs = options.backoffMs ?? defaultBackoff
  const id = `worker-${randomUUID().slice(0, 8)}`
  const kinds = Object.keys(handlers)
  const wakeUps = new EventEmitter()
  const stopping = new AbortController() // no new jobs
  const abortRunning = new AbortController() // the running ones give up (after the grace period)
  const log = logger.child({ worker: id })

  const finish = (job: Job, data: Prisma.JobUpdateManyMutationInput) =>
    database.prisma.job.updateMany({
      where: { id: job.id, lockedBy: id },
      data: { ...data, lockedBy: null, leaseExpiresAt: null },
    })

  async function failAbandoned() {
    for (const job of await failAbandonedJobs(database, { kinds, handlers, log }))
      log.warn(
        { jobId: job.id, kind: job.kind, attempts: job.attempts },
        'job abandoned: its worker stopped during its last attempt',
      )
  }

  // A failed attempt: queued again after the backoff, or failed for good with its item marked.
  async function recordFailure(job: Job, error: unknown) {
    const isFinal = isFinalFailure(job, error)
    log.warn({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts, isFinal }, 'job attempt failed')
    const reason = describeError(error)
    if (!isFinal)
      await finish(job, {
        status: 'queued',
        lastError: reason,
        runAfter: new Date(Date.now() + backoffMs(job.attempts)),
      })
    else
      await failForGood(database, {
        handlers,
        log,
        reasonOf: () => reason,
        fail: (writer) =>
          writer.job.updateManyAndReturn({
            where: { id: job.id, lockedBy: id },
            data: {
              status: 'failed',
              lastError: reason,
              finishedAt: new Date(),
              activeKey: null,
              lockedBy: null,
              leaseExpiresAt: null,
            },
          }),
      })
  }

  // Cut off by stop(): hand the job back as it was, this attempt not counted.
  const handBack = (job: Job) => finish(job, { status: 'queued', runAfter: new Date(), attempts: { decrement: 1 } })

  async function runOne(job: Job) {
    const handler = handlers[job.kind]
    if (handler?.batch) return runBatch(job, handler.batch)
    // Aborted when this worker stops, or when it lost the job's lease (another worker has taken it over).
    const leaseLost = new AbortController()
    const signal = AbortSignal.any([abortRunning.signal, leaseLost.signal])
    const heartbeat = setInterval(
      () => {
        // The database's clock, as in the claim: workers with skewed clocks still agree on leases.
        database.prisma
          .$executeRaw`update jobs set lease_expires_at = now() + make_interval(secs => ${leaseMs / 1000}) where id = ${job.id}::uuid and locked_by = ${id}`
          .then((renewed) => {
            if (renewed === 0) leaseLost.abort(new Error("The job's lease was lost to another worker."))
          })
          .catch(() => {})
      },
      Math.max(1_000, leaseMs / 3),
    )
    try {
      if (!handler) throw new PermanentJobError(`No handler for jobs of kind ${job.kind}`)
      const result = await handler({
        job,
        signal,
        reportProgress: async (percent, detail) => {
          await database.prisma.job.updateMany({
            where: { id: job.id, lockedBy: id },
            data: { progress: Math.max(0, Math.min(100, Math.round(percent))), progressDetail: detail?.slice(0, 500) },
          })
        },
      })
      await finish(job, {
        status: 'succeeded',
        progress: 100,
        result: (result ?? null) as Prisma.InputJsonValue,
        lastError: null,
        finishedAt: new Date(),
        activeKey: null,
      })
    } catch (error) {
      if (leaseLost.signal.aborted) return // another worker runs it now; nothing of ours to record
      if (abortRunning.signal.aborted && !(error instanceof PermanentJobError)) {
        await handBack(job)
        return
      }
      await recordFailure(job, error)
    } finally {
      clearInterval(heartbeat)
    }
  }

  // The claimed job and its companions (same kind and agent) in one run; each job's outcome is recorded
  // by the single job's rules, so one failing item never fails the others.
  async function runBatch(first: Job, batch: BatchJobHandler) {
    const waitMs = Math.min(batch.gatherMs ?? 0, (batch.gatherMs ?? 0) - (Date.now() - first.createdAt.getTime()))
    if (waitMs > 0) await sleep(waitMs, stopping.signal)
    const companions = await claimCompanionJobs(database, {
      workerId: id,
      job: first,
      limit: batch.maxJobs - 1,
      leaseMs,
    })
    const jobs = [first, ...companions]
    const ids = jobs.map((job) => job.id)
    const leaseLost = new AbortController()
    const signal = AbortSignal.any([abortRunning.signal, leaseLost.signal])
    const heartbeat = setInterval(
      () => {
        // Renews the leases still ours, and counts jobs of the batch another worker has taken over.
        database.prisma.$queryRaw<{ lost: number }[]>`
          with renewed as (
            update jobs set lease_expires_at = now() + make_interval(secs => ${leaseMs / 1000})
            where id = any(${ids}::uuid[]) and locked_by = ${id} returning id)
          select count(*)::int as lost from jobs
          where id = any(${ids}::uuid[]) and status = 'running' and locked_by is distinct from ${id}`
          .then(([row]) => {
            if ((row?.lost ?? 0) > 0) leaseLost.abort(new Error("A job's lease was lost to another worker."))
          })
          .catch(() => {})
      },
      Math.max(1_000, leaseMs / 3),
    )
    try {
      let outcomes: Map<string, BatchOutcome>
      try {
        outcomes = await batch.runBatch({
          jobs,
          signal,
          reportProgress: async (jobIds, percent, detail) => {
            await database.prisma.job.updateMany({
              where: { id: { in: jobIds }, lockedBy: id },
              data: {
                progress: Math.max(0, Math.min(100, Math.round(percent))),
                progressDetail: detail?.slice(0, 500),
              },
            })
          },
        })
      } catch (error) {
        outcomes = new Map(jobs.map((job) => [job.id, { error }]))
      }
      const succeeded = jobs.flatMap((job) => {
        const outcome = outcomes.get(job.id)
        return outcome && !('error' in outcome) && !outcome.isSettled ? [{ ...job, result: outcome.result }] : []
      })
      await markJobsSucceeded(database.prisma, succeeded)
      for (const job of jobs) {
        const outcome = outcomes.get(job.id) ?? { error: new Error('The batch gave this job no outcome.') }
        if (!('error' in outcome)) continue
        // Stopped or partly taken over: the jobs still ours go back as they were (finish checks the lock).
        if (signal.aborted && !(outcome.error instanceof PermanentJobError)) await handBack(job)
        else await recordFailure(job, outcome.error)
      }
    } finally {
      clearInterval(heartbeat)
    }
  }

  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollMs)
      function done() {
        clearTimeout(timer)
        wakeUps.off('wake', done)
        stopping.signal.removeEventListener('abort', done)
        resolve()
      }
      wakeUps.once('wake', done)
      stopping.signal.addEventListener('abort', done, { once: true })
    })

  async function loop() {
    while (!stopping.signal.aborted) {
      try {
        await failAbandoned()
        const job = await claimNextJob(database, { workerId: id, kinds, leaseMs })
        if (job) await runOne(job)
        else await idle()
      } catch (error) {
        if (stopping.signal.aborted) break
        log.error({ err: error }, 'worker loop failed; retrying')
        await idle()
      }
    }
  }

  const loops = Array.from({ length: Math.max(1, options.concurrency ?? 1) }, () => loop())
  wakeUps.setMaxListeners(0)
  log.info({ kinds }, 'job worker started')
  return {
    id,
    wake: () => void wakeUps.emit('wake'),
    async stop(graceMs = 10_000) {
      stopping.abort()
      const finished = Promise.all(loops)
      const graceOver = new Promise<'grace over'>((resolve) => setTimeout(() => resolve('grace over'), graceMs).unref())
      if ((await Promise.race([finished, graceOver])) === 'grace over') {
        abortRunning.abort(new Error('The worker is stopping.'))
        await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 5_000).unref())])
      }
      log.info('job worker stopped')
    },
  }
}
