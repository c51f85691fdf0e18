import { ANY_KEY, type RowChanges } from './row-changes.ts'

/** How a change to a table reaches the cache: the key it names, every entry it touches, or all entries. */
type Invalidation<V> = 'key' | 'all' | ((value: V, changedKey: string) => boolean)

export interface RowCacheOptions<V> {
  changes: RowChanges
  /** The tables whose changes empty entries, and how. */
  invalidatedBy: Record<string, Invalidation<V>>
  /** The most entries kept; the least recently used go first. */
  maxEntries: number
  /** How long an entry is kept at most, even without a change (a safety net, not the invalidation). */
  ttlMs: number
}

export interface RowCache<V> {
  /** The value kept for the key, else what `load` reads (kept when nothing changed meanwhile). */
  read(key: string, load: () => Promise<V | null>): Promise<V | null>
  readonly size: number
}

interface Entry<V> {
  value: V
  keptUntil: number
}

/**
 * A process's copy of some rows, emptied by the row-change signals of every process. A value read while
 * a change to the cache's tables arrived is returned but not kept (it may predate the change); while the
 * signals are not heard, nothing is kept at all. A miss is never kept: a row that does not exist yet is
 * read again.
 */
export function createRowCache<V>({ changes, invalidatedBy, maxEntries, ttlMs }: RowCacheOptions<V>): RowCache<V> {
  const entries = new Map<string, Entry<V>>()
  // Grows with every change heard: a read that began before one may hold what it changed.
  let version = 0
  const forgetWhere = (matches: (value: V) => boolean) => {
    for (const [key, entry] of entries) if (matches(entry.value)) entries.delete(key)
  }
  for (const [table, invalidation] of Object.entries(invalidatedBy)) {
    changes.onChange(table, (changedKey) => {
      version += 1
      if (invalidation === 'all' || changedKey === ANY_KEY) entries.clear()
      else if (invalidation === 'key') entries.delete(changedKey)
      else forgetWhere((value) => invalidation(value, changedKey))
    })
  }
  changes.onEra(() => {
    version += 1
    entries.clear()
  })
  return {
    async read(key, load) {
      const entry = entries.get(key)
      if (entry && entry.keptUntil > Date.now() && changes.hearing) {
        // Most recently used last: the first in the map is the next to go.
        entries.delete(key)
        entries.set(key, entry)
        return entry.value
      }
      const startedAt = version
      const value = await load()
      if (value !== null && startedAt === version && changes.hearing) {
        entries.delete(key)
        entries.set(key, { value, keptUntil: Date.now() + ttlMs })
        while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
      }
      return value
    },
    get size() {
      return entries.size
    },
  }
}
