// Migrates one PGlite data folder before the tests (and keeps a blank one beside it); each worker copies it into the databases it lends
// (lent-databases.ts), and tests that need a folder of their own copy it again.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { applyMigrations } from '../../server/db/migrations/apply-migrations.ts'
import { openEmbeddedDatabase } from '../../server/db/open-embedded-database.ts'

export default async function prepareEmbeddedTemplate(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'agentdesk-template-'))
  // A new PGlite folder costs seconds of initdb in WASM: done once here, and kept blank (no migration)
  // for the tests that start from an empty database, as PostgreSQL's `create database` gives them.
  await (await openEmbeddedDatabase(dir)).close()
  const blank = `${dir}-blank`
  cpSync(dir, blank, { recursive: true })
  const database = await openEmbeddedDatabase(dir)
  await applyMigrations(database)
  await database.close()
  project.provide('databaseTemplate', dir)
  project.provide('blankDatabaseTemplate', blank)
  return () => {
    // The workers' lent copies sit beside the template, named after it.
    for (const entry of readdirSync(tmpdir()))
      if (entry.startsWith(`${basename(dir)}-lent-`)) rmSync(join(tmpdir(), entry), { recursive: true, force: true })
    rmSync(dir, { recursive: true, force: true })
    rmSync(blank, { recursive: true, force: true })
  }
}
