// Migrates one PGlite data folder before the tests; each test file then works on its own copy.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { applyMigrations } from '../../server/db/migrations/apply-migrations.ts'
import { openEmbeddedDatabase } from '../../server/db/open-embedded-database.ts'

export default async function prepareEmbeddedTemplate(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'agentdesk-template-'))
  const database = await openEmbeddedDatabase(dir)
  await applyMigrations(database)
  await database.close()
  project.provide('databaseTemplate', dir)
  return () => rmSync(dir, { recursive: true, force: true })
}
