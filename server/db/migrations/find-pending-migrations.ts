import type { Database } from '../database.ts'

/**
 * Names of migrations in the folder that the database has not finished applying, read with plain SQL
 * so an up-to-date database never loads the schema engine (a WASM module of a few hundred MB in use).
 * A migration that failed half-way counts as pending: the engine then reports it properly.
 */
export async function findPendingMigrations(database: Database, folderNames: string[]): Promise<string[]> {
  return database.withRawConnection(async (query) => {
    const table = await query(`select to_regclass('public._prisma_migrations') is not null as present`)
    if (!table.rows[0]?.present) return folderNames
    const finished = await query(
      'select migration_name from _prisma_migrations where finished_at is not null and rolled_back_at is null',
    )
    const done = new Set(finished.rows.map((row) => String(row.migration_name)))
    return folderNames.filter((name) => !done.has(name))
  })
}
