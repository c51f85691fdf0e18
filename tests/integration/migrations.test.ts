// @database-specific: migrations run by the database itself
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync, cpSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { applyMigrations } from '../../server/db/migrations/apply-migrations.ts'
import { generateMigration } from '../../server/db/migrations/generate-migration.ts'
import { MIGRATIONS_DIR, PRISMA_DIR } from '../../server/db/migrations/read-prisma-schema.ts'
import { readMigrationList } from '../../server/db/migrations/read-migration-list.ts'
import { createTestDatabase, type TestDatabase } from '../support/create-test-database.ts'

// Every table the schema maps, read from the schema itself so a new model is checked too.
const schemaTables = [...readFileSync(join(PRISMA_DIR, 'schema.prisma'), 'utf8').matchAll(/@@map\("([a-z_]+)"\)/g)].map(
  (match) => match[1],
)

async function tablesIn(testDatabase: TestDatabase) {
  const rows = await testDatabase.database.prisma.$queryRaw<{ table_name: string }[]>`
    select table_name from information_schema.tables where table_schema = 'public'`
  return rows.map((row) => row.table_name)
}

let testDatabase: TestDatabase | undefined
afterEach(async () => {
  await testDatabase?.cleanup()
  testDatabase = undefined
})

describe('migrations', () => {
  it('from an empty database, applies every migration and creates every table of the schema', async () => {
    testDatabase = await createTestDatabase({ empty: true })
    const applied = await applyMigrations(testDatabase.database)
    expect(applied).toEqual(readMigrationList().migrationDirectories.map((directory) => directory.path))
    expect(schemaTables.length).toBeGreaterThan(15)
    expect(await tablesIn(testDatabase)).toEqual(expect.arrayContaining([...schemaTables, '_prisma_migrations']))
  })

  it('records the history as prisma migrate deploy does, and a second run applies nothing', async () => {
    testDatabase = await createTestDatabase({ empty: true })
    await applyMigrations(testDatabase.database)
    expect(await applyMigrations(testDatabase.database)).toEqual([])
    const history = await testDatabase.database.prisma.$queryRaw<
      { migration_name: string; finished_at: Date | null; checksum: string }[]
    >`
      select migration_name, finished_at, checksum from _prisma_migrations`
    expect(history.length).toBe(readMigrationList().migrationDirectories.length)
    for (const row of history) {
      expect(row.finished_at).toBeInstanceOf(Date)
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/)
    }
  })

  it('two databases migrated at once in one process both end up complete', async () => {
    const [first, second] = await Promise.all([
      createTestDatabase({ empty: true }),
      createTestDatabase({ empty: true }),
    ])
    try {
      const applied = await Promise.all([applyMigrations(first.database), applyMigrations(second.database)])
      expect(applied[0]).toEqual(applied[1])
      expect(applied[0].length).toBeGreaterThan(0)
    } finally {
      await Promise.all([first.cleanup(), second.cleanup()])
    }
  })

  it('when a migration fails, it reports the failure and does not record it as applied', async () => {
    testDatabase = await createTestDatabase({ empty: true })
    const migrationsDir = mkdtempSync(join(tmpdir(), 'agentdesk-migrations-'))
    cpSync(MIGRATIONS_DIR, migrationsDir, { recursive: true })
    mkdirSync(join(migrationsDir, '29990101000000_broken'))
    writeFileSync(
      join(migrationsDir, '29990101000000_broken', 'migration.sql'),
      'alter table "no_such_table" add column "x" int;',
    )
    await expect(applyMigrations(testDatabase.database, migrationsDir)).rejects.toThrow(/no_such_table/)
    const finished = await testDatabase.database.prisma.$queryRaw<{ migration_name: string }[]>`
      select migration_name from _prisma_migrations where finished_at is not null`
    expect(finished.map((row) => row.migration_name)).not.toContain('29990101000000_broken')
  })

  it('the spent refresh tokens migration carries over each widget session’s replaced token and keeps the column the previous release names', async () => {
    testDatabase = await createTestDatabase({ empty: true })
    const { prisma } = testDatabase.database
    // The database as the previous release left it: every migration before this one.
    const previousRelease = mkdtempSync(join(tmpdir(), 'agentdesk-migrations-'))
    cpSync(join(MIGRATIONS_DIR, 'migration_lock.toml'), join(previousRelease, 'migration_lock.toml'))
    for (const folder of readdirSync(MIGRATIONS_DIR).filter(
      (name) => /^\d{14}_/.test(name) && name < '20261124104017_widget_spent_refresh_tokens',
    )) {
      cpSync(join(MIGRATIONS_DIR, folder), join(previousRelease, folder), { recursive: true })
    }
    await applyMigrations(testDatabase.database, previousRelease)
    const [userId, agentId, integrationId, sessionId] = [
      '0192d000-0000-7000-8000-000000000001',
      '0192d000-0000-7000-8000-000000000002',
      '0192d000-0000-7000-8000-000000000003',
      '0192d000-0000-7000-8000-000000000004',
    ]
    await prisma.$executeRaw`insert into users (id, email, full_name, updated_at) values (${userId}::uuid, 'owner@example.com', 'Owner', now())`
    await prisma.$executeRaw`insert into agents (id, account_id, name, updated_at) values (${agentId}::uuid, ${userId}::uuid, 'Agent', now())`
    await prisma.$executeRaw`insert into widget_integrations (id, client_key, account_id, agent_id, website_name, website_domain, start_message, updated_at)
      values (${integrationId}::uuid, 'key', ${userId}::uuid, ${agentId}::uuid, 'Shop', 'shop.example.com', 'Hello', now())`
    await prisma.$executeRaw`insert into widget_sessions (id, account_id, widget_integration_id, visitor_id, origin, refresh_token_hash, previous_refresh_token_hash, expires_at)
      values (${sessionId}::uuid, ${userId}::uuid, ${integrationId}::uuid, 'v_1', 'https://shop.example.com', 'current-hash', 'replaced-hash', now() + interval '1 day')`

    await applyMigrations(testDatabase.database)
    expect(await prisma.$queryRaw`select token_hash, session_id::text from widget_spent_refresh_tokens`).toEqual([
      { token_hash: 'replaced-hash', session_id: sessionId },
    ])
    // Processes of the previous release, still running during a rolling deploy, read and write it by name.
    await prisma.$executeRaw`update widget_sessions set previous_refresh_token_hash = 'current-hash', refresh_token_hash = 'next-hash' where id = ${sessionId}::uuid`
    expect(
      await prisma.$queryRaw`select previous_refresh_token_hash from widget_sessions where previous_refresh_token_hash = 'current-hash'`,
    ).toEqual([{ previous_refresh_token_hash: 'current-hash' }])
  })

  it('the committed migrations match prisma/schema.prisma (a schema change needs npm run db:migration)', async () => {
    expect(await generateMigration('check')).toBeNull()
  })

  it('creates a migration offline from an empty history, named with a timestamp', async () => {
    const emptyDir = mkdtempSync(join(tmpdir(), 'agentdesk-migrations-'))
    writeFileSync(join(emptyDir, 'migration_lock.toml'), 'provider = "postgresql"\n')
    const migration = await generateMigration('init', emptyDir, new Date('2030-01-02T03:04:05Z'))
    expect(migration?.folderName).toBe('20300102030405_init')
    expect(migration?.sql).toContain('CREATE TABLE "users"')
    expect(migration?.sql).toContain('USING GIN ("search_vector")')
  })
})
