// Migrates one PGlite data folder before the tests; each worker copies it into the databases it lends
// (lent-databases.ts), and tests that need a folder of their own copy it again.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { applyMigrations } from '../../server/db/migrations/apply-migrations.ts'
import { openEmbeddedDatabase } from '../../server/db/open-embedded-database.ts'

export default async function prepareEmbeddedTemplate(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'agentdesk-template-'))
  const database = await openEmbeddedDatabase(dir)
  await applyMigrations(database)
  await database.close()
  project.provide('databaseTemplate', dir)
  return () => {
    // The workers' lent copies sit beside the template, named after it.
    for (const entry of readdirSync(tmpdir()))
      if (entry.startsWith(`${basename(dir)}-lent-`)) rmSync(join(tmpdir(), entry), { recursive: true, force: true })
    rmSync(dir, { recursive: true, force: true })
  }
}
