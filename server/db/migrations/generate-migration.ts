import { PGlite } from '@electric-sql/pglite'
import { PrismaPGlite } from 'pglite-prisma-adapter'
import { awaitPgliteScripts } from '../await-pglite-scripts.ts'
import { withSchemaEngine } from './load-schema-engine.ts'
import { readMigrationList } from './read-migration-list.ts'
import { readPrismaSchema } from './read-prisma-schema.ts'

export interface GeneratedMigration {
  folderName: string
  sql: string
}

function timestampForFolder(now: Date) {
  return now.toISOString().replace(/[-:T]/g, '').slice(0, 14)
}

/**
 * The SQL that takes a database from the existing migrations to prisma/schema.prisma, or null when
 * nothing changed. The engine replays the migrations on a throw-away in-memory PGlite (the shadow
 * database) and diffs it with the schema, so no server is needed.
 */
export async function generateMigration(
  name: string,
  migrationsDir?: string,
  now = new Date(),
): Promise<GeneratedMigration | null> {
  const pglite = await PGlite.create('memory://')
  try {
    return await withSchemaEngine(awaitPgliteScripts(new PrismaPGlite(pglite), pglite), async (engine) => {
      const migrations = readMigrationList(migrationsDir)
      const { stdout } = await engine.diff({
        from: migrations.migrationDirectories.length === 0 ? { tag: 'empty' } : { tag: 'migrations', ...migrations },
        to: { tag: 'schemaDatamodel', files: [readPrismaSchema()] },
        script: true,
        exitCode: null,
        filters: { externalTables: [], externalEnums: [] },
      })
      const sql = stdout?.trim() ?? ''
      if (!sql || /^-- This is an empty migration\.?$/.test(sql)) return null
      return { folderName: `${timestampForFolder(now)}_${name}`, sql: `${sql}\n` }
    })
  } finally {
    await pglite.close()
  }
}
