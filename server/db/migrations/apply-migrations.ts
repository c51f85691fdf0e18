import type { Database } from '../database.ts'
import { findPendingMigrations } from './find-pending-migrations.ts'
import { withSchemaEngine } from './load-schema-engine.ts'
import { readMigrationList } from './read-migration-list.ts'

// Any fixed number: every process of one deployment waits on the same advisory lock.
const MIGRATION_LOCK_KEY = 7_234_001

/**
 * Applies the migrations of prisma/migrations that the database lacks, recording them in
 * _prisma_migrations as `prisma migrate deploy` does. Returns the names it applied (none on a second run).
 */
export async function applyMigrations(database: Database, migrationsDir?: string): Promise<string[]> {
  const migrationsList = readMigrationList(migrationsDir)
  const pending = await findPendingMigrations(
    database,
    migrationsList.migrationDirectories.map((directory) => directory.path),
  )
  if (pending.length === 0) return []
  return database.withRawConnection(async (query) => {
    await query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    try {
      return await withSchemaEngine(database.adapterFactory, async (engine) => {
        const { appliedMigrationNames } = await engine.applyMigrations({
          migrationsList,
          filters: { externalTables: [], externalEnums: [] },
        })
        return appliedMigrationNames
      })
    } finally {
      await query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
    }
  })
}
