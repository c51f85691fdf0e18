import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { MigrationList } from '@prisma/schema-engine-wasm'
import { MIGRATIONS_DIR } from './read-prisma-schema.ts'

/** The migrations folder in the shape the schema engine takes: one folder per migration, in name order. */
export function readMigrationList(migrationsDir = MIGRATIONS_DIR): MigrationList {
  const lockPath = join(migrationsDir, 'migration_lock.toml')
  const folders = existsSync(migrationsDir)
    ? readdirSync(migrationsDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : []
  return {
    baseDir: migrationsDir,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: folders.map((folder) => {
      const sqlPath = join(migrationsDir, folder, 'migration.sql')
      return {
        path: folder,
        migrationFile: {
          path: 'migration.sql',
          content: existsSync(sqlPath)
            ? { tag: 'ok', value: readFileSync(sqlPath, 'utf8') }
            : { tag: 'error', value: `${sqlPath} is missing` },
        },
      }
    }),
  } as MigrationList
}
