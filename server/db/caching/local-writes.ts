import { EventEmitter } from 'node:events'
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQueryable,
} from '@prisma/driver-adapter-utils'

const WRITE = /^\s*(insert\s+into|update|delete\s+from)\s+(?:"?public"?\.)?"?([a-z_]+)"?/i
// Prisma's single-row write: WHERE ("public"."<table>"."id" = $n AND 1=1), or without the parentheses.
const BY_ID = /\bwhere\s+\(?"public"\."[a-z_]+"\."id"\s*=\s*\$(\d+)(?:\s+and\s+1=1\))?\s*(?:returning\b|$)/i

/** A write this process sent: its table, whether it inserted or deleted, and the one row's id when the statement names it alone. */
export interface LocalWrite {
  table: string
  inserts: boolean
  deletes: boolean
  id: string | null
}

function writeOf(sql: string, args: unknown[]): LocalWrite | null {
  const write = WRITE.exec(sql)
  if (!write?.[1] || !write[2]) return null
  const inserts = write[1].toLowerCase().startsWith('insert')
  const position = inserts ? null : BY_ID.exec(sql)?.[1]
  const id = position ? args[Number(position) - 1] : null
  const deletes = write[1].toLowerCase().startsWith('delete')
  return { table: write[2].toLowerCase(), inserts, deletes, id: typeof id === 'string' ? id : null }
}

/**
 * The writes sent through one database's connections, as they are sent (event 'write', a LocalWrite).
 * The triggers' signals reach every process once the change commits; a process's own caches hear of its
 * writes here at once, so that a change a request made is never hidden from the next request by a copy
 * kept before the signal comes back.
 */
export type LocalWrites = EventEmitter<{ write: [LocalWrite] }>

function watch<Q extends SqlQueryable>(queryable: Q, localWrites: LocalWrites): Q {
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

function watchAdapter(adapter: SqlDriverAdapter, localWrites: LocalWrites): SqlDriverAdapter {
  const startTransaction = adapter.startTransaction.bind(adapter)
  adapter.startTransaction = async (isolationLevel) => watch(await startTransaction(isolationLevel), localWrites)
  return watch(adapter, localWrites)
}

/** The factory, with every write its connections send announced on the returned emitter. */
export function announcingWrites(factory: SqlMigrationAwareDriverAdapterFactory): {
  factory: SqlMigrationAwareDriverAdapterFactory
  localWrites: LocalWrites
} {
  const localWrites: LocalWrites = new EventEmitter<{ write: [LocalWrite] }>().setMaxListeners(0)
  return {
    factory: {
      provider: factory.provider,
      adapterName: factory.adapterName,
      connect: async () => watchAdapter(await factory.connect(), localWrites),
      connectToShadowDb: async () => factory.connectToShadowDb(),
    },
    localWrites,
  }
}
