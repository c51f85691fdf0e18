import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import type pg from 'pg'

type AdapterWithErrorMapping = SqlDriverAdapter & { onError(error: unknown): never }

// @prisma/adapter-pg 7.10 runs a migration script by splitting it on every ';' and sending the pieces
// one by one: a function body ($$ … ; … $$) or a string holding ';' breaks, and a failure half-way
// leaves half a migration applied. This wrapper sends the script whole, as one simple-protocol query,
// which PostgreSQL runs as a single implicit transaction: all of it or nothing.
export function runWholePostgresScripts(factory: SqlMigrationAwareDriverAdapterFactory, pool: pg.Pool): SqlMigrationAwareDriverAdapterFactory {
  const fixScripts = (adapter: SqlDriverAdapter) => {
    const mapped = adapter as AdapterWithErrorMapping
    mapped.executeScript = async (script: string) => {
      try {
        await pool.query(script)
      } catch (error) {
        mapped.onError(error)
      }
    }
    return adapter
  }
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => fixScripts(await factory.connect()),
    connectToShadowDb: async () => factory.connectToShadowDb(), // a database of its own: not this pool
  }
}
