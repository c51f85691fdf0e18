// @database-specific: a second connection to the same database
// Issue 36: spent e-mail links, ended dashboard sign-ins and finished jobs were never deleted. A daily
// durable job deletes what is past its retention (docs/architecture.md, Data retention) and nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../server/db/database.ts'
import { startWorker } from '../../../server/jobs/run-worker.ts'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { deleteExpiredRows } from '../../../server/retention/delete-expired-rows.ts'
import { scheduleDailySweep } from '../../../server/retention/schedule-daily-sweep.ts'
import { retentionJobHandlersFor } from '../../../server/retention/sweep-expired-rows-job.ts'
import { createTestDatabase, openDatabaseAt, type TestDatabase } from '../../support/create-test-database.ts'

const DAY = 86_400_000
const ago = (days: number) => new Date(Date.now() - days * DAY)
const logger = createLogger({ LOG_LEVEL: 'silent' })

let testDatabase: TestDatabase
let database: Database
let userId: string
let rows = 0

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  database = testDatabase.database
  userId = (await database.prisma.user.create({ data: { email: 'kept@retention.example', fullName: 'Kept' } })).id
})
afterAll(async () => testDatabase?.cleanup())

async function link(label: string, { usedAt = null as Date | null, expiresAt = ago(-1) } = {}) {
  rows += 1
  const { id } = await database.prisma.emailLink.create({
    data: {
      purpose: 'password_reset',
      userId,
      email: `${label}@retention.example`,
      tokenHash: `hash-${label}-${rows}`,
      usedAt,
      expiresAt,
    },
  })
  return id
}

async function signIn({ revokedAt = null as Date | null, expiresAt = ago(-30) } = {}) {
  rows += 1
  const family = await database.prisma.refreshTokenFamily.create({ data: { userId, revokedAt, expiresAt } })
  await database.prisma.refreshToken.create({
    data: { familyId: family.id, tokenHash: `token-${rows}`, expiresAt, rotatedAt: ago(40) },
  })
  return family.id
}

async function job(
  status: 'queued' | 'succeeded' | 'failed',
  finishedDaysAgo: number | null,
  extra: { dedupeKey?: string; subjectId?: string; subjectType?: string; kind?: string; createdAt?: Date } = {},
) {
  const { id } = await database.prisma.job.create({
    data: {
      kind: 'retention-test',
      status,
      finishedAt: finishedDaysAgo === null ? null : ago(finishedDaysAgo),
      ...extra,
    },
  })
  return id
}

/** The ids of `ids` still there, each list sorted (rows come back in no particular order). */
const existing = async (ids: { links: string[]; families: string[]; jobs: string[] }) => {
  const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id).toSorted()
  const select = { id: true } as const
  return {
    links: idsOf(await database.prisma.emailLink.findMany({ where: { id: { in: ids.links } }, select })),
    families: idsOf(await database.prisma.refreshTokenFamily.findMany({ where: { id: { in: ids.families } }, select })),
    jobs: idsOf(await database.prisma.job.findMany({ where: { id: { in: ids.jobs } }, select })),
  }
}
const sorted = (ids: { links: string[]; families: string[]; jobs: string[] }) => ({
  links: ids.links.toSorted(),
  families: ids.families.toSorted(),
  jobs: ids.jobs.toSorted(),
})

describe('data retention', () => {
  it('deletes spent and expired links, ended sign-ins and old finished jobs past their retention, and keeps the rest', async () => {
    const website = { kind: 'crawl-website', subjectType: 'website' }
    const crawled = { ...website, subjectId: '01900000-0000-7000-8000-000000000001' }
    const recrawlFailed = { ...website, subjectId: '01900000-0000-7000-8000-000000000002' }
    const gone = {
      links: [await link('used-long-ago', { usedAt: ago(8) }), await link('expired-long-ago', { expiresAt: ago(8) })],
      families: [await signIn({ revokedAt: ago(8) }), await signIn({ expiresAt: ago(8) })],
      jobs: [
        await job('succeeded', 31),
        await job('failed', 91),
        await job('succeeded', 401, { dedupeKey: 'event-long-ago' }),
        // An older crawl of a website with a newer successful one.
        await job('succeeded', 40, { ...crawled, createdAt: ago(41) }),
        // A webhook delivery is its own job's subject: it goes with its age all the same.
        await job('succeeded', 31, {
          kind: 'deliver-webhook',
          subjectType: 'webhook-delivery',
          subjectId: '01900000-0000-7000-8000-000000000003',
        }),
      ],
    }
    const kept = {
      links: [
        await link('live'),
        await link('used-lately', { usedAt: ago(1) }),
        await link('expired-lately', { expiresAt: ago(6) }),
      ],
      families: [await signIn(), await signIn({ revokedAt: ago(1) }), await signIn({ expiresAt: ago(6) })],
      jobs: [
        await job('succeeded', 29),
        await job('failed', 89),
        await job('succeeded', 200, { dedupeKey: 'event-this-year' }),
        // A website's latest successful crawl stays (its skipped pages are shown): the older one went,
        await job('succeeded', 35, { ...crawled, createdAt: ago(36) }),
        // even when a crawl after it failed,
        await job('succeeded', 60, { ...recrawlFailed, createdAt: ago(61) }),
        await job('failed', 50, { ...recrawlFailed, createdAt: ago(51) }),
        // and a knowledge item's latest job (its progress or error) stays whatever its age.
        await job('failed', 120, { kind: 'embed-item', subjectType: 'text', subjectId: crawled.subjectId }),
        await job('queued', null, { createdAt: ago(100) }),
      ],
    }
    const deleted = await deleteExpiredRows(database)
    expect(deleted).toMatchObject({ emailLinks: 2, refreshTokenFamilies: 2 })
    expect(deleted.jobs).toBeGreaterThanOrEqual(5)
    expect(await existing(gone)).toEqual({ links: [], families: [], jobs: [] })
    expect(await existing(kept)).toEqual(sorted(kept))
    // An ended sign-in's refresh tokens went with it; a live one keeps its own.
    expect(await database.prisma.refreshToken.count({ where: { familyId: { in: gone.families } } })).toBe(0)
    expect(await database.prisma.refreshToken.count({ where: { familyId: { in: kept.families } } })).toBe(3)
  })

  it('runs as one durable job a day, however many processes schedule it', async () => {
    // A second connection pool, as a second process has (on PGlite, the one embedded database again).
    const second = testDatabase.location.DATABASE_URL ? await openDatabaseAt(testDatabase.location) : database
    const worker = startWorker({
      database,
      logger,
      handlers: retentionJobHandlersFor({ database, logger }),
      pollMs: 50,
    })
    const expired = await link('expired-for-the-job', { expiresAt: ago(10) })
    const today = () => new Date().toISOString().slice(0, 10)
    const days = new Set([today()])
    const schedulers = [database, second].map((pool) =>
      scheduleDailySweep(pool, { queue: worker, logger, firstLookMs: 0, everyMs: 100 }),
    )
    try {
      await expect
        .poll(
          async () =>
            (
              await database.prisma.job.findMany({ where: { kind: 'sweep-expired-rows' }, select: { status: true } })
            ).map((row) => row.status),
          { timeout: 20_000 },
        )
        .toEqual(['succeeded'])
      // Looked at again and again by both: still the one job, for today.
      await new Promise((resolve) => setTimeout(resolve, 300))
      const sweeps = await database.prisma.job.findMany({ where: { kind: 'sweep-expired-rows' } })
      // One a day: a run across midnight UTC may have seen two days.
      days.add(today())
      expect(sweeps.map((sweep) => sweep.dedupeKey).sort()).toEqual([...days].sort())
      expect(await database.prisma.emailLink.count({ where: { id: expired } })).toBe(0)
    } finally {
      for (const scheduler of schedulers) scheduler.stop()
      await worker.stop(5_000)
      if (second !== database) await second.close()
    }
  })
})
