// @database-specific: the reset of a lent database, on each kind
// Test databases are lent in turn (tests/support/lent-databases.ts): what one borrower wrote must be gone
// when the next borrows the same database, the seeded plans as the migrations left them.
import { describe, expect, it } from 'vitest'
import { createTestDatabase } from '../support/create-test-database.ts'

const whereItLives = (location: { DATA_DIR: string; DATABASE_URL?: string }) =>
  location.DATABASE_URL ?? location.DATA_DIR

describe('a lent test database', () => {
  it('comes back to the next borrower without the last one’s rows, with the seeded plans as migrated', async () => {
    const first = await createTestDatabase()
    const { prisma } = first.database
    const plansAsMigrated = await prisma.plan.findMany({ orderBy: { id: 'asc' } })
    const pricesAsMigrated = await prisma.planPrice.findMany({ orderBy: { id: 'asc' } })
    expect(plansAsMigrated.length).toBeGreaterThan(0)
    const user = await prisma.user.create({ data: { email: 'left@example.com', fullName: 'Left Behind' } })
    await prisma.agent.create({ data: { accountId: user.id, name: 'Left agent' } })
    await prisma.plan.update({ where: { id: plansAsMigrated[0]!.id }, data: { name: 'Renamed by a test' } })
    await prisma.planPrice.delete({ where: { id: pricesAsMigrated[0]!.id } })
    const firstPlace = whereItLives(first.location)
    await first.cleanup()

    const second = await createTestDatabase()
    try {
      expect(whereItLives(second.location)).toBe(firstPlace) // the same database, reset
      expect(await second.database.prisma.user.count()).toBe(0)
      expect(await second.database.prisma.agent.count()).toBe(0)
      expect(await second.database.prisma.plan.findMany({ orderBy: { id: 'asc' } })).toEqual(plansAsMigrated)
      expect(await second.database.prisma.planPrice.findMany({ orderBy: { id: 'asc' } })).toEqual(pricesAsMigrated)
    } finally {
      await second.cleanup()
    }
  })

  it('is not lent again once a borrower changed its schema', async () => {
    const first = await createTestDatabase()
    await first.database.prisma.$executeRawUnsafe('alter table "users" add column "left_behind" int')
    const firstPlace = whereItLives(first.location)
    await first.cleanup()

    const second = await createTestDatabase()
    try {
      expect(whereItLives(second.location)).not.toBe(firstPlace)
      const columns = await second.database.prisma.$queryRawUnsafe<unknown[]>(
        `select 1 from information_schema.columns where table_name = 'users' and column_name = 'left_behind'`,
      )
      expect(columns).toEqual([])
    } finally {
      await second.cleanup()
    }
  })

  it('refuses the last borrower’s queries once given back', async () => {
    const first = await createTestDatabase()
    const { prisma } = first.database
    await first.cleanup()
    await expect(prisma.user.count()).rejects.toThrow()
  })
})
