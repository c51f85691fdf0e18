import { ANY_KEY, type RowChanges } from './row-changes.ts'

/** How a change to a table reaches the cache: the key it names, every entry it touches, or all entries. */
export type Invalidation<V> = 'key' | 'all' | ((value: V, changedKey: string) => boolean)

export interface RowCacheOptions<V> {
  changes: RowChanges
  /** The tables whose changes empty entries, and how. */
  invalidatedBy: Partial<Record<string, Invalidation<V>>>
  /** The most entries kept; the least recently used go first. */
  maxEntries: number
  /** How long an entry is kept at most, even without a change (a safety net, not the invalidation). */
  ttlMs: number
}

export interface RowCache<V> {
  /** The value kept for the key, else what `load` reads (kept when nothing changed meanwhile). */
  read(key: string, load: () => Promise<V | null>): Promise<V | null>
  /** The values kept for the keys, the others read by `loadMany` at once (kept likewise); the keys missing from both are absent. */
  readMany(keys: string[], loadMany: (missing: string[]) => Promise<Map<string, V>>): Promise<Map<string, V>>
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
    if (!invalidation) continue
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
  const kept = (key: string): V | undefined => {
    const entry = entries.get(key)
    if (!entry || entry.keptUntil <= Date.now() || !changes.hearing) return undefined
    // Most recently used last: the first in the map is the next to go.
    entries.delete(key)
    entries.set(key, entry)
    return entry.value
  }
  const keep = (key: string, value: V) => {
    entries.delete(key)
    entries.set(key, { value, keptUntil: Date.now() + ttlMs })
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
  }
  // Reads under way, by key: a read of the same key joins one begun since the last change, so many
  // requests missing the same row at once cost one statement.
  const reading = new Map<string, { since: number; value: Promise<V | null> }>()
  const underWay = (key: string) => {
    const read = reading.get(key)
    return read && read.since === version ? read.value : undefined
  }
  const track = (key: string, since: number, value: Promise<V | null>) => {
    reading.set(key, { since, value })
    const done = () => {
      if (reading.get(key)?.value === value) reading.delete(key)
    }
    value.then(done, done)
  }
  return {
    async read(key, load) {
      const found = kept(key) ?? underWay(key)
      if (found !== undefined) return found
      const startedAt = version
      const value = load().then((loaded) => {
        if (loaded !== null && startedAt === version && changes.hearing) keep(key, loaded)
        return loaded
      })
      track(key, startedAt, value)
      return value
    },
    async readMany(keys, loadMany) {
      const found = new Map<string, V | Promise<V | null>>()
      const missing: string[] = []
      for (const key of keys) {
        const value = kept(key) ?? underWay(key)
        if (value === undefined) missing.push(key)
        else found.set(key, value)
      }
      if (missing.length > 0) {
        const startedAt = version
        const loaded = loadMany(missing).then((rows) => {
          if (startedAt === version && changes.hearing) for (const [key, row] of rows) keep(key, row)
          return rows
        })
        for (const key of missing) {
          const value = loaded.then((rows) => rows.get(key) ?? null)
          track(key, startedAt, value)
          found.set(key, value)
        }
      }
      const values = new Map<string, V>()
      for (const [key, value] of found) {
        const row = await value
        if (row !== null) values.set(key, row)
      }
      return values
    },
    get size() {
      return entries.size
    },
  }
}
