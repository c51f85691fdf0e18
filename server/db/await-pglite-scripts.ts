import type { PGlite } from '@electric-sql/pglite'
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'

type AdapterWithErrorMapping = SqlDriverAdapter & { onError(error: unknown): never }

// pglite-prisma-adapter 0.7.2 starts executeScript without awaiting it: a failing migration script
// would be recorded as applied and its error would surface later as an unhandled rejection.
// This wrapper awaits the script and reports its error through the adapter's own error mapping.
export function awaitPgliteScripts(factory: SqlMigrationAwareDriverAdapterFactory, pglite: PGlite): SqlMigrationAwareDriverAdapterFactory {
  const fixScripts = (adapter: SqlDriverAdapter) => {
    const mapped = adapter as AdapterWithErrorMapping
    mapped.executeScript = async (script: string) => {
      try {
        await pglite.exec(script)
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
    connectToShadowDb: async () => factory.connectToShadowDb(),
  }
}
