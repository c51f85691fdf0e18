import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import { PrismaClient } from '../../server/db/generated/prisma/client.ts'
import type { Database } from '../../server/db/database.ts'

/** The same database through a Prisma client that counts the SQL statements it sends. */
export function countingQueries(database: Database) {
  let count = 0
  const wrap = (adapter: SqlDriverAdapter) => {
    const queryRaw = adapter.queryRaw.bind(adapter)
    const executeRaw = adapter.executeRaw.bind(adapter)
    adapter.queryRaw = (query) => ((count += 1), queryRaw(query))
    adapter.executeRaw = (query) => ((count += 1), executeRaw(query))
    return adapter
  }
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: database.adapterFactory.provider,
    adapterName: database.adapterFactory.adapterName,
    connect: async () => wrap(await database.adapterFactory.connect()),
    connectToShadowDb: () => database.adapterFactory.connectToShadowDb(),
  }
  const counted: Database = { ...database, prisma: new PrismaClient({ adapter: factory }) }
  return { database: counted, count: () => count, reset: () => void (count = 0) }
}
