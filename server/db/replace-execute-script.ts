import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'

type AdapterWithErrorMapping = SqlDriverAdapter & { onError(error: unknown): never }

/**
 * The factory, with migration scripts run by `run` instead of the adapter's own executeScript, and
 * failures reported through the adapter's error mapping. The shadow database (a database of its own)
 * keeps the adapter's behaviour.
 */
export function replaceExecuteScript(
  factory: SqlMigrationAwareDriverAdapterFactory,
  run: (script: string) => Promise<unknown>,
): SqlMigrationAwareDriverAdapterFactory {
  const fixScripts = (adapter: SqlDriverAdapter) => {
    const mapped = adapter as AdapterWithErrorMapping
    mapped.executeScript = async (script: string) => {
      try {
        await run(script)
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
