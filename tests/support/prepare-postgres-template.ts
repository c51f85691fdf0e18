// Migrates one template database before the tests; each worker makes the databases it lends from it
// (CREATE DATABASE ... TEMPLATE, lent-databases.ts), and tests that need one of their own make another.
import { readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { applyMigrations } from '../../server/db/migrations/apply-migrations.ts'
import { openPostgresDatabase } from '../../server/db/open-postgres-database.ts'
import { databaseUrl, runAsAdmin, uniqueDatabaseName } from './postgres-admin.ts'

export default async function preparePostgresTemplate(project: TestProject) {
  const name = uniqueDatabaseName('agentdesk_template')
  await runAsAdmin(`create database "${name}"`)
  const database = await openPostgresDatabase(databaseUrl(name), 2)
  await applyMigrations(database)
  await database.close()
  project.provide('databaseTemplate', name)
  return async () => {
    const lent = `${name}_lent_`
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await client.connect()
    const { rows } = await client
      .query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [lent])
      .finally(() => client.end())
    await runAsAdmin(...rows.map((row) => `drop database if exists "${row.datname}" with (force)`))
    for (const entry of readdirSync(tmpdir()))
      if (entry.startsWith(lent)) rmSync(join(tmpdir(), entry), { recursive: true, force: true })
    await runAsAdmin(`drop database if exists "${name}" with (force)`)
  }
}
