import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import type pg from 'pg'
import { replaceExecuteScript } from './replace-execute-script.ts'

// @prisma/adapter-pg 7.10 runs a migration script by splitting it on every ';' and sending the pieces
// one by one: a function body ($$ … ; … $$) or a string holding ';' breaks, and a failure half-way
// leaves half a migration applied. This wrapper sends the script whole, as one simple-protocol query,
// which PostgreSQL runs as a single implicit transaction: all of it or nothing.
export function runWholePostgresScripts(
  factory: SqlMigrationAwareDriverAdapterFactory,
  pool: pg.Pool,
): SqlMigrationAwareDriverAdapterFactory {
  return replaceExecuteScript(factory, (script) => pool.query(script))
}
