import type { PGlite } from '@electric-sql/pglite'
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import { replaceExecuteScript } from './replace-execute-script.ts'

// pglite-prisma-adapter 0.7.2 starts executeScript without awaiting it: a failing migration script
// would be recorded as applied and its error would surface later as an unhandled rejection.
// This wrapper awaits the script and reports its error through the adapter's own error mapping.
export function awaitPgliteScripts(
  factory: SqlMigrationAwareDriverAdapterFactory,
  pglite: PGlite,
): SqlMigrationAwareDriverAdapterFactory {
  return replaceExecuteScript(factory, (script) => pglite.exec(script))
}
