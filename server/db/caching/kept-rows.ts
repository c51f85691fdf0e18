import type { Database } from '../database.ts'
import type { Logger } from '../../logging/create-logger.ts'
import { createRowCache, type Invalidation, type RowCache } from './row-cache.ts'
import { hearRowChanges, type RowChanges, type SignalledTable } from './row-changes.ts'

// A safety net only: every change empties its entries at once, in every process.
const KEPT_MS = 60_000

/**
 * Rows of one kind that a domain keeps per process: the signalled tables whose changes empty them (and
 * how), and how many at most. Each is declared once, as a module constant beside the reads it serves
 * (accounts/sessions/kept-sessions.ts, billing/kept-subscriptions.ts, ...): that object is its cache's key.
 */
export interface KeptRowKind<V> {
  invalidatedBy: Partial<Record<SignalledTable, Invalidation<V>>>
  maxEntries: number
}

/** What a process keeps of a database: the changes it hears, and one cache per kind asked for. */
interface Keeping {
  changes: RowChanges
  caches: Map<KeptRowKind<never>, RowCache<unknown>>
}

/** The keeping of rows for one database in this process; closed with the app's services. */
export interface KeptRows {
  close(): Promise<void>
}

const keeping = new WeakMap<Database, Keeping>()

/**
 * Starts keeping rows for the database in this process (once; later calls return the same): hears every
 * process's changes (see hearRowChanges), so a revoked session, a switched-off widget, a new plan or a
 * deleted document count in this process at once and in the others as soon as their signal arrives.
 */
export function keepRows(database: Database, logger: Logger): KeptRows {
  let kept = keeping.get(database)
  if (!kept) {
    kept = { changes: hearRowChanges(database, logger), caches: new Map() }
    keeping.set(database, kept)
  }
  const { changes } = kept
  return {
    close: async () => {
      keeping.delete(database)
      await changes.close()
    },
  }
}

/**
 * This process's cache of the kind for the database (made on first use, emptied by the kind's tables'
 * changes), or null where nothing is kept (a script, say): the caller then reads the rows itself.
 */
export function keptRowsOf<V>(database: Database, kind: KeptRowKind<V>): RowCache<V> | null {
  const kept = keeping.get(database)
  if (!kept) return null
  let cache = kept.caches.get(kind) as RowCache<V> | undefined
  if (!cache) {
    cache = createRowCache<V>({
      changes: kept.changes,
      invalidatedBy: kind.invalidatedBy,
      maxEntries: kind.maxEntries,
      ttlMs: KEPT_MS,
    })
    kept.caches.set(kind, cache)
  }
  return cache
}
