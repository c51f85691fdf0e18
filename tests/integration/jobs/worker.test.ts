// @database-specific: job claiming (skip locked) over connections, branches on the database kind
import { afterEach, describe, expect, inject, it } from 'vitest'
import { z } from 'zod'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { claimNextJob } from '../../../server/jobs/claim-next-job.ts'
import { enqueueJob } from '../../../server/jobs/enqueue-job.ts'
import { PermanentJobError, type JobHandler } from '../../../server/jobs/job-handler.ts'
import { defineJobKind, enqueueJobOf, handlerOf } from '../../../server/jobs/job-kind.ts'
import { startWorker, type RunningWorker } from '../../../server/jobs/run-worker.ts'
import { createTestDatabase, openDatabaseAt, type TestDatabase } from '../../support/create-test-database.ts'

const logger = createLogger({ LOG_LEVEL: 'silent' })
const workers: RunningWorker[] = []
let testDatabase: TestDatabase | undefined
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop(1_000)
  await testDatabase?.cleanup()
  testDatabase = undefined
})

function start(handlers: Record<string, JobHandler>, database = testDatabase!.database, extra = {}) {
  const worker = startWorker({ database, logger, handlers, pollMs: 50, backoffMs: () => 0, ...extra })
  workers.push(worker)
  return worker
}

const settled = async (jobId: string) => {
  await expect
    .poll(async () => (await testDatabase!.database.prisma.job.findUniqueOrThrow({ where: { id: jobId } })).status, {
      timeout: 15_000,
      interval: 50,
    })
    .toMatch(/succeeded|failed/)
  return testDatabase!.database.prisma.job.findUniqueOrThrow({ where: { id: jobId } })
}

describe('the job worker', () => {
  it('runs a job, records its progress and result', async () => {
    testDatabase = await createTestDatabase()
    const seenProgress: number[] = []
    const job = await enqueueJob(testDatabase.database.prisma, { kind: 'count', payload: { upTo: 3 } })
    start({
      count: async ({ job: running, reportProgress }) => {
        const upTo = (running.payload as { upTo: number }).upTo
        for (let step = 1; step <= upTo; step++) {
          await reportProgress((step / upTo) * 100, `step ${step}`)
          seenProgress.push(
            (await testDatabase!.database.prisma.job.findUniqueOrThrow({ where: { id: running.id } })).progress,
          )
        }
        return { counted: upTo }
      },
    })
    const done = await settled(job.id)
    expect(done).toMatchObject({
      status: 'succeeded',
      progress: 100,
      attempts: 1,
      result: { counted: 3 },
      lockedBy: null,
    })
    expect(seenProgress).toEqual([33, 67, 100])
  })

  it('retries a failing job, then leaves it failed with the reason', async () => {
    testDatabase = await createTestDatabase()
    let calls = 0
    const job = await enqueueJob(testDatabase.database.prisma, { kind: 'flaky', maxAttempts: 3 })
    start({
      flaky: async () => {
        calls += 1
        throw new Error(`upstream said no (${calls})`)
      },
    })
    const done = await settled(job.id)
    expect(done).toMatchObject({ status: 'failed', attempts: 3, lastError: 'upstream said no (3)' })
    expect(calls).toBe(3)
  })

  it('succeeds on a retry after failures, clearing the error', async () => {
    testDatabase = await createTestDatabase()
    let calls = 0
    const job = await enqueueJob(testDatabase.database.prisma, { kind: 'eventually' })
    start({
      eventually: async () => {
        calls += 1
        if (calls < 3) throw new Error('not yet')
        return 'ok'
      },
    })
    expect(await settled(job.id)).toMatchObject({ status: 'succeeded', attempts: 3, lastError: null })
  })

  it('a permanent failure is not retried', async () => {
    testDatabase = await createTestDatabase()
    const job = await enqueueJob(testDatabase.database.prisma, { kind: 'doomed' })
    start({
      doomed: async () => {
        throw new PermanentJobError('The file is encrypted.')
      },
    })
    expect(await settled(job.id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'The file is encrypted.' })
  })

  it('a kind checks its payload: queued with a bad one it is refused; stored with one its handler cannot use, it fails at once saying why, and its item is not touched', async () => {
    testDatabase = await createTestDatabase()
    const COUNT = defineJobKind({
      kind: 'count-typed',
      payload: z.object({ upTo: z.number().int().min(1) }),
      maxAttempts: 4,
    })
    expect(() => enqueueJobOf(testDatabase!.database.prisma, COUNT, { payload: { upTo: 0 } })).toThrow()
    const good = await enqueueJobOf(testDatabase.database.prisma, COUNT, { payload: { upTo: 2 } })
    expect(good.maxAttempts).toBe(4)
    // A payload written before its schema changed, or by hand.
    const bad = await enqueueJob(testDatabase.database.prisma, {
      kind: COUNT.kind,
      payload: { upTo: 'many' },
      maxAttempts: 4,
    })
    const failedItems: unknown[] = []
    start({
      [COUNT.kind]: handlerOf(COUNT, {
        run: async ({ payload }) => ({ counted: payload.upTo }),
        onFinalFailure: async (payload) => void failedItems.push(payload),
      }),
    })
    expect(await settled(good.id)).toMatchObject({ status: 'succeeded', result: { counted: 2 } })
    const failed = await settled(bad.id)
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed.lastError).toContain('This count-typed job carries a payload it cannot use')
    expect(failed.lastError).toContain('upTo')
    expect(failedItems).toEqual([])
  })

  it('a job cut off by a crash is taken up again once its lease expires', async () => {
    testDatabase = await createTestDatabase()
    const { database } = testDatabase
    const job = await enqueueJob(database.prisma, { kind: 'resumable' })
    // A worker claims it, then its process dies: nothing completes the job or renews the lease.
    const claimed = await claimNextJob(database, {
      workerId: 'worker-that-crashed',
      kinds: ['resumable'],
      leaseMs: 200,
    })
    expect(claimed?.id).toBe(job.id)
    const resumedBy: string[] = []
    const worker = start({
      resumable: async ({ job: running }) => {
        resumedBy.push(running.lockedBy ?? '')
      },
    })
    const done = await settled(job.id)
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2 })
    expect(resumedBy).toEqual([worker.id])
  })

  it('stop() hands a running job back without counting the attempt', async () => {
    testDatabase = await createTestDatabase()
    const job = await enqueueJob(testDatabase.database.prisma, { kind: 'long' })
    let started = false
    const worker = start({
      long: async ({ signal }) => {
        started = true
        await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)))
      },
    })
    await expect.poll(() => started).toBe(true)
    await worker.stop(300)
    workers.splice(workers.indexOf(worker), 1)
    expect(await testDatabase.database.prisma.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      status: 'queued',
      attempts: 0,
      lockedBy: null,
    })
  })

  it('a worker that loses its lease aborts the job and records nothing over the new owner', async () => {
    testDatabase = await createTestDatabase()
    const { database } = testDatabase
    const job = await enqueueJob(database.prisma, { kind: 'slow' })
    let abortedBecause = ''
    start(
      {
        slow: async ({ signal }) => {
          await new Promise((_resolve, reject) =>
            signal.addEventListener('abort', () => {
              abortedBecause = String((signal.reason as Error).message)
              reject(signal.reason)
            }),
          )
        },
      },
      database,
      { leaseMs: 1_500 },
    )
    await expect
      .poll(async () => (await database.prisma.job.findUniqueOrThrow({ where: { id: job.id } })).status)
      .toBe('running')
    // Another worker took it over (say this one stalled past its lease).
    await database.prisma.job.update({ where: { id: job.id }, data: { lockedBy: 'another-worker' } })
    await expect.poll(() => abortedBecause, { timeout: 10_000 }).toContain('lease was lost')
    expect(await database.prisma.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      status: 'running',
      lockedBy: 'another-worker',
    })
  })

  it('two workers with their own connections never run one job twice', async () => {
    testDatabase = await createTestDatabase()
    const jobs = []
    for (let index = 0; index < 40; index++)
      jobs.push(await enqueueJob(testDatabase.database.prisma, { kind: 'once', payload: { index } }))
    const runs: string[] = []
    const handler: JobHandler = async ({ job }) => {
      runs.push(job.id)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    // On PostgreSQL the second worker has its own pool, as a separate `npm run worker` process would.
    const second =
      inject('databaseKind') === 'postgres' ? await openDatabaseAt(testDatabase.location) : testDatabase.database
    try {
      start({ once: handler }, testDatabase.database, { concurrency: 2 })
      start({ once: handler }, second, { concurrency: 2 })
      for (const job of jobs) await settled(job.id)
      expect(runs).toHaveLength(40)
      expect(new Set(runs).size).toBe(40)
    } finally {
      for (const worker of workers.splice(0)) await worker.stop(1_000)
      if (second !== testDatabase.database) await second.close()
    }
  })
})
