// Migrates one template database before the tests; each test file gets CREATE DATABASE ... TEMPLATE.
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
  return () => runAsAdmin(`drop database if exists "${name}" with (force)`)
}
