// @database-specific: job claims in raw SQL with skip locked
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { PermanentJobError, type BatchOutcome, type JobHandler } from '../../../server/jobs/job-handler.ts'
import { batchHandlerOf, defineJobKind, enqueueJobOf } from '../../../server/jobs/job-kind.ts'
import { markJobsSucceeded } from '../../../server/jobs/mark-jobs-succeeded.ts'
import { startWorker, type RunningWorker } from '../../../server/jobs/run-worker.ts'
import { createTestDatabase, type TestDatabase } from '../../support/create-test-database.ts'

// Issue 23: a kind may run its jobs in batches (an agent's queued jobs claimed together); every job keeps
// its own row, attempts, outcome and final failure.
const logger = createLogger({ LOG_LEVEL: 'silent' })
const workers: RunningWorker[] = []
let testDatabase: TestDatabase | undefined
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop(1_000)
  await testDatabase?.cleanup()
  testDatabase = undefined
})

const WORD = defineJobKind({ kind: 'word', payload: z.object({ word: z.string() }), maxAttempts: 2 })

function start(handlers: Record<string, JobHandler>) {
  const worker = startWorker({ database: testDatabase!.database, logger, handlers, pollMs: 50, backoffMs: () => 0 })
  workers.push(worker)
  return worker
}

async function createAgent(name: string) {
  const { prisma } = testDatabase!.database
  const user = await prisma.user.create({ data: { email: `${name}@example.com`, fullName: name } })
  return prisma.agent.create({ data: { accountId: user.id, name } })
}

async function queueWords(agent: { id: string; accountId: string }, words: string[]) {
  const jobs = []
  for (const word of words)
    jobs.push(
      await enqueueJobOf(testDatabase!.database.prisma, WORD, {
        accountId: agent.accountId,
        agentId: agent.id,
        payload: { word },
      }),
    )
  return jobs
}

async function allSettled(ids: string[]) {
  const { prisma } = testDatabase!.database
  await expect
    .poll(() => prisma.job.count({ where: { id: { in: ids }, status: { in: ['queued', 'running'] } } }), {
      timeout: 15_000,
      interval: 50,
    })
    .toBe(0)
  // In the order queued: jobs queued within the same millisecond tie on createdAt.
  const jobs = new Map((await prisma.job.findMany({ where: { id: { in: ids } } })).map((job) => [job.id, job]))
  return ids.flatMap((id) => jobs.get(id) ?? [])
}

describe('jobs run in batches', () => {
  it('takes up an agent’s queued jobs together, and records each one’s own outcome', async () => {
    testDatabase = await createTestDatabase()
    const [one, other] = [await createAgent('one'), await createAgent('other')]
    const queued = [
      ...(await queueWords(one, ['alpha', 'bravo', 'broken', 'charlie'])),
      ...(await queueWords(other, ['delta'])),
    ]
    const batches: string[][] = []
    const failedFor: string[] = []
    start({
      [WORD.kind]: batchHandlerOf(WORD, {
        maxJobs: 10,
        async runBatch({ items, reportProgress }) {
          batches.push(items.map(({ payload }) => payload.word))
          await reportProgress(
            items.map(({ job }) => job.id),
            50,
            'halfway',
          )
          const outcomes = new Map<string, BatchOutcome>()
          for (const { job, payload } of items) {
            if (payload.word === 'alpha') {
              // Recorded by the handler itself, as the embed job does with its item's write.
              await markJobsSucceeded(testDatabase!.database.prisma, [
                { id: job.id, lockedBy: job.lockedBy, result: { settled: true } },
              ])
              outcomes.set(job.id, { result: null, isSettled: true })
            } else
              outcomes.set(
                job.id,
                payload.word === 'broken'
                  ? { error: new Error('cannot spell it') }
                  : { result: { length: payload.word.length } },
              )
          }
          return outcomes
        },
        async onFinalFailure({ word }) {
          failedFor.push(word)
        },
      }),
    })
    const jobs = await allSettled(queued.map((job) => job.id))
    // The first agent's four jobs in one batch, the other agent's alone; the failing job retried alone.
    expect(batches).toContainEqual(['alpha', 'bravo', 'broken', 'charlie'])
    expect(batches).toContainEqual(['delta'])
    expect(batches.filter((batch) => batch.includes('broken'))).toHaveLength(2)
    expect(jobs.map((job) => [job.status, job.result, job.attempts, job.lockedBy, job.progress])).toEqual([
      ['succeeded', { settled: true }, 1, null, 100],
      ['succeeded', { length: 5 }, 1, null, 100],
      ['failed', null, 2, null, 50],
      ['succeeded', { length: 7 }, 1, null, 100],
      ['succeeded', { length: 5 }, 1, null, 100],
    ])
    expect(jobs[2]?.lastError).toBe('cannot spell it')
    expect(failedFor).toEqual(['broken'])
  })

  it('a batch that throws fails each of its jobs by the usual rules; a job with a bad payload fails alone', async () => {
    testDatabase = await createTestDatabase()
    const agent = await createAgent('thrower')
    const [good, permanent] = await queueWords(agent, ['good', 'permanent'])
    const bad = await testDatabase.database.prisma.job.create({
      data: { kind: WORD.kind, agentId: agent.id, accountId: agent.accountId, payload: { word: 42 }, maxAttempts: 2 },
    })
    let calls = 0
    start({
      [WORD.kind]: batchHandlerOf(WORD, {
        maxJobs: 10,
        async runBatch({ items }) {
          calls += 1
          if (!items.some(({ payload }) => payload.word === 'permanent')) throw new Error('upstream down')
          return new Map<string, BatchOutcome>(
            items.map(({ job, payload }) => [
              job.id,
              { error: payload.word === 'permanent' ? new PermanentJobError('never') : new Error('upstream down') },
            ]),
          )
        },
      }),
    })
    const jobs = await allSettled([good!.id, permanent!.id, bad.id])
    expect(jobs.find((job) => job.id === permanent!.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'never',
    })
    expect(jobs.find((job) => job.id === good!.id)).toMatchObject({ status: 'failed', lastError: 'upstream down' })
    expect(jobs.find((job) => job.id === bad.id)).toMatchObject({ status: 'failed', attempts: 1 })
    expect(jobs.find((job) => job.id === bad.id)?.lastError).toContain('carries a payload it cannot use')
    expect(jobs.find((job) => job.id === good!.id)?.attempts).toBe(2)
    expect(calls).toBe(2)
  })

  it('stop() hands a running batch back without counting the attempt', async () => {
    testDatabase = await createTestDatabase()
    const agent = await createAgent('stopper')
    const queued = await queueWords(agent, ['a', 'b', 'c'])
    let started = false
    const worker = start({
      [WORD.kind]: batchHandlerOf(WORD, {
        maxJobs: 10,
        async runBatch({ signal }) {
          started = true
          await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)))
          return new Map()
        },
      }),
    })
    await expect.poll(() => started, { timeout: 10_000 }).toBe(true)
    await worker.stop(300)
    workers.splice(workers.indexOf(worker), 1)
    const jobs = await testDatabase.database.prisma.job.findMany({ where: { id: { in: queued.map((job) => job.id) } } })
    expect(jobs.map((job) => [job.status, job.attempts, job.lockedBy])).toEqual([
      ['queued', 0, null],
      ['queued', 0, null],
      ['queued', 0, null],
    ])
  })
})
