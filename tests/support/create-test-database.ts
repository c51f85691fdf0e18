import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, inject } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { openEmbeddedDatabase } from '../../server/db/open-embedded-database.ts'
import { openPostgresDatabase } from '../../server/db/open-postgres-database.ts'
import { databaseUrl, runAsAdmin, uniqueDatabaseName } from './postgres-admin.ts'
import { borrowTestDatabase } from './lent-databases.ts'
import type { DatabaseLocation, TestDatabase } from './test-database.ts'

export type { DatabaseLocation, TestDatabase } from './test-database.ts'

/** A database of this test project's kind: migrated (a copy of the template) or, with `empty`, blank. */
export async function createDatabaseLocation({ empty = false } = {}): Promise<DatabaseLocation> {
  const dataDir = mkdtempSync(join(tmpdir(), 'agentdesk-test-'))
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true })
  if (inject('databaseKind') === 'embedded') {
    const blank = inject('blankDatabaseTemplate')
    if (!empty) cpSync(inject('databaseTemplate'), dataDir, { recursive: true })
    else if (blank) cpSync(blank, dataDir, { recursive: true })
    return { DATA_DIR: dataDir, destroy: async () => removeDataDir() }
  }
  const name = uniqueDatabaseName('agentdesk_test')
  await runAsAdmin(
    empty ? `create database "${name}"` : `create database "${name}" template "${inject('databaseTemplate')}"`,
  )
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl(name),
    destroy: async () => {
      removeDataDir()
      await runAsAdmin(`drop database if exists "${name}" with (force)`)
    },
  }
}

export function openDatabaseAt(location: DatabaseLocation, { poolSize = 5 } = {}): Promise<Database> {
  return location.DATABASE_URL
    ? openPostgresDatabase(location.DATABASE_URL, poolSize)
    : openEmbeddedDatabase(location.DATA_DIR)
}

/**
 * A migrated database of this project's kind that no one else holds: one of the worker's lent databases
 * (lent-databases.ts), reset to the template's rows; with `empty`, a blank one made for the caller.
 */
export async function createTestDatabase(options: { empty?: boolean; poolSize?: number } = {}): Promise<TestDatabase> {
  if (!options.empty) return borrowTestDatabase(options)
  const location = await createDatabaseLocation(options)
  const database = await openDatabaseAt(location, options)
  let isClosed = false
  const originalClose = database.close.bind(database)
  database.close = async () => {
    if (isClosed) return
    isClosed = true
    await originalClose()
  }
  return {
    database,
    location,
    cleanup: async () => {
      await database.close()
      await location.destroy()
    },
  }
}

/** A database of the test file's own: made before its first test, removed after its last (`.database` inside tests). */
export function databaseForThisFile(options: { empty?: boolean; poolSize?: number } = {}): {
  readonly database: Database
} {
  let created: TestDatabase | undefined
  beforeAll(async () => {
    created = await createTestDatabase(options)
  })
  afterAll(async () => created?.cleanup())
  return {
    get database() {
      if (!created) throw new Error('The file database is made in beforeAll: read it inside a test or hook')
      return created.database
    },
  }
}
