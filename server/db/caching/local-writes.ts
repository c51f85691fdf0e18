import { EventEmitter } from 'node:events'
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQueryable,
} from '@prisma/driver-adapter-utils'

const WRITE = /^\s*(insert\s+into|update|delete\s+from)\s+(?:"?public"?\.)?"?([a-z_]+)"?/i
// Prisma's single-row write: WHERE ("public"."<table>"."id" = $n AND 1=1), or without the parentheses.
const BY_ID = /\bwhere\s+\(?"public"\."[a-z_]+"\."id"\s*=\s*\$(\d+)(?:\s+and\s+1=1\))?\s*(?:returning\b|$)/i

/** A write this process sent: its table, whether it inserted, and the one row's id when the statement names it alone. */
export interface LocalWrite {
  table: string
  inserts: boolean
  id: string | null
}

function writeOf(sql: string, args: unknown[]): LocalWrite | null {
  const write = WRITE.exec(sql)
  if (!write?.[1] || !write[2]) return null
  const inserts = write[1].toLowerCase().startsWith('insert')
  const position = inserts ? null : BY_ID.exec(sql)?.[1]
  const id = position ? args[Number(position) - 1] : null
  return { table: write[2].toLowerCase(), inserts, id: typeof id === 'string' ? id : null }
}

/**
 * The tables this process writes, as it writes them. The triggers' signals reach every process once the
 * change commits; a process's own caches hear of their writes here at once, so that a change a request
 * made is never hidden from the next request by a copy kept before the signal arrives.
 */
export const localWrites = new EventEmitter().setMaxListeners(0)

function watch<Q extends SqlQueryable>(queryable: Q): Q {
  const queryRaw = queryable.queryRaw.bind(queryable)
  const executeRaw = queryable.executeRaw.bind(queryable)
  const noteWrite = (sql: string, args: unknown[]) => {
    const write = writeOf(sql, args)
    if (write) localWrites.emit('write', write)
  }
  queryable.queryRaw = (query) => (noteWrite(query.sql, query.args), queryRaw(query))
  queryable.executeRaw = (query) => (noteWrite(query.sql, query.args), executeRaw(query))
  return queryable
}

function watchAdapter(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const startTransaction = adapter.startTransaction.bind(adapter)
  adapter.startTransaction = async (isolationLevel) => watch(await startTransaction(isolationLevel))
  return watch(adapter)
}

/** The factory, with every write its connections send announced on localWrites. */
export function announcingWrites(
  factory: SqlMigrationAwareDriverAdapterFactory,
): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => watchAdapter(await factory.connect()),
    connectToShadowDb: async () => factory.connectToShadowDb(),
  }
}
