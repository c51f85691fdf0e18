// @database-specific: job leases read the database's clock, branches on the database kind
import { afterEach, describe, expect, inject, it } from 'vitest'
import { z } from 'zod'
import { readDatabaseClock } from '../../../server/db/read-database-clock.ts'
import { claimNextJob } from '../../../server/jobs/claim-next-job.ts'
import { enqueueJob } from '../../../server/jobs/enqueue-job.ts'
import { ABANDONED_JOB_REASON, PermanentJobError } from '../../../server/jobs/job-handler.ts'
import { defineJobKind, enqueueJobOf, handlerOf } from '../../../server/jobs/job-kind.ts'
import { startWorker, type RunningWorker } from '../../../server/jobs/run-worker.ts'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { createTestDatabase, type TestDatabase } from '../../support/create-test-database.ts'

// A screen asks for an item and its job while the job runs, and stops asking once the job has ended: a
// job seen failed while its item still waits would leave the item waiting on screen for good.
const logger = createLogger({ LOG_LEVEL: 'silent' })
const isPostgres = inject('databaseKind') !== 'embedded'
const ITEM_JOB = defineJobKind({ kind: 'item-job', payload: z.object({ itemJobId: z.uuid() }), maxAttempts: 1 })

let testDatabase: TestDatabase | undefined
let worker: RunningWorker | undefined
afterEach(async () => {
  await worker?.stop(1_000)
  worker = undefined
  await testDatabase?.cleanup()
  testDatabase = undefined
})

/** The item: another job row, which onFinalFailure marks with the reason (any table would do). */
async function jobWithItem() {
  testDatabase = await createTestDatabase()
  const { prisma } = testDatabase.database
  const item = await enqueueJob(prisma, { kind: 'an-item', payload: {} })
  const job = await enqueueJobOf(prisma, ITEM_JOB, { payload: { itemJobId: item.id } })
  return { prisma, item, job }
}

/** Runs the worker with a handler that fails as told; records what another connection saw meanwhile. */
function runWorker(run: () => Promise<unknown>, markItem?: () => Promise<void>) {
  const seenFromOutside: string[] = []
  const { database } = testDatabase!
  worker = startWorker({
    database,
    logger,
    pollMs: 50,
    backoffMs: () => 0,
    handlers: {
      [ITEM_JOB.kind]: handlerOf(ITEM_JOB, {
        run,
        async onFinalFailure({ itemJobId }, reason, writer) {
          await markItem?.()
          // Another connection (PostgreSQL's pool; PGlite has one, which the transaction holds).
          if (isPostgres)
            seenFromOutside.push(
              (await database.prisma.job.findFirstOrThrow({ where: { kind: ITEM_JOB.kind } })).status,
            )
          await writer.job.update({ where: { id: itemJobId }, data: { lastError: reason } })
        },
      }),
    },
  })
  return seenFromOutside
}

const ended = (jobId: string) =>
  expect
    .poll(async () => (await testDatabase!.database.prisma.job.findUniqueOrThrow({ where: { id: jobId } })).status, {
      timeout: 15_000,
    })
    .toBe('failed')

describe('a job that fails for good', () => {
  it('is seen failed only together with its item: one transaction writes both', async () => {
    const { prisma, item, job } = await jobWithItem()
    const seenFromOutside = runWorker(async () => {
      throw new PermanentJobError('The page is disallowed by robots.txt.')
    })
    await ended(job.id)
    expect(await prisma.job.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({
      lastError: 'The page is disallowed by robots.txt.',
    })
    expect(seenFromOutside).toEqual(isPostgres ? ['running'] : [])
  })

  it('whose worker died on its last attempt fails with its item together too', async () => {
    const { prisma, item, job } = await jobWithItem()
    // A worker claims it on its only attempt, then dies: its lease runs out with no attempt left.
    const claimed = await claimNextJob(testDatabase!.database, {
      workerId: 'worker-that-died',
      kinds: [ITEM_JOB.kind],
      leaseMs: 100,
    })
    expect(claimed?.id).toBe(job.id)
    // Its lease runs out by the database's clock, which is the one the worker reads.
    const { leaseExpiresAt } = await prisma.job.findUniqueOrThrow({ where: { id: job.id } })
    await expect.poll(async () => (await readDatabaseClock(testDatabase!.database)) > leaseExpiresAt!).toBe(true)
    const seenFromOutside = runWorker(async () => 'never run again')
    await ended(job.id)
    expect(await prisma.job.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({
      lastError: ABANDONED_JOB_REASON,
    })
    expect(seenFromOutside).toEqual(isPostgres ? ['running'] : [])
  })

  it('still ends when its item cannot be marked with it, and its item is then marked alone', async () => {
    const { prisma, item, job } = await jobWithItem()
    let marks = 0
    runWorker(
      async () => {
        throw new PermanentJobError('The file is encrypted.')
      },
      async () => {
        marks += 1
        if (marks === 1) throw new Error('the item refused the update, once')
      },
    )
    await ended(job.id)
    expect(await prisma.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      lastError: 'The file is encrypted.',
      lockedBy: null,
      activeKey: null,
    })
    await expect
      .poll(async () => (await prisma.job.findUniqueOrThrow({ where: { id: item.id } })).lastError)
      .toBe('The file is encrypted.')
  })

  it('still ends when its item refuses every time', async () => {
    const { prisma, item, job } = await jobWithItem()
    runWorker(
      async () => {
        throw new PermanentJobError('The file is encrypted.')
      },
      async () => {
        throw new Error('the item refused the update')
      },
    )
    await ended(job.id)
    expect(await prisma.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ lockedBy: null })
    expect(await prisma.job.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({ lastError: null })
  })
})
