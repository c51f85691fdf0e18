import type { Database } from '../../db/database.ts'
import { applyPassageChanges, holdPassages, type HeldPassages } from './held-passages.ts'
import { loadPassageIndex } from './load-passage-index.ts'
import { readPassageChanges } from './read-passage-changes.ts'

// What one process keeps in memory for all agents together; the least recently searched go first.
const BUDGET_BYTES = 256 * 1_048_576
// An agent this small is read while its question waits (a statement or a few); a larger one is read in
// the background while SQL answers.
const INLINE_PASSAGES = 20_000
// After a load that failed or met a change, the next waits at least this long.
const RETRY_MS = 5_000
// An agent whose index did not fit is not read again for this long (it is searched in SQL).
const TOO_LARGE_MS = 60 * 60_000

interface Indexes {
  kept: Map<string, HeldPassages>
  bytes: number
  /** Full reads and reads of changes, one at a time per agent. */
  loading: Map<string, Promise<HeldPassages | null>>
  retryAt: Map<string, number>
}

const perDatabase = new WeakMap<Database, Indexes>()

function indexesOf(database: Database): Indexes {
  let indexes = perDatabase.get(database)
  if (!indexes) {
    indexes = { kept: new Map(), bytes: 0, loading: new Map(), retryAt: new Map() }
    perDatabase.set(database, indexes)
  }
  return indexes
}

function forget(indexes: Indexes, agentId: string) {
  const held = indexes.kept.get(agentId)
  if (!held) return
  indexes.kept.delete(agentId)
  indexes.bytes -= held.bytes
}

function keep(indexes: Indexes, agentId: string, held: HeldPassages) {
  forget(indexes, agentId)
  if (held.bytes > BUDGET_BYTES) return false
  indexes.kept.set(agentId, held)
  indexes.bytes += held.bytes
  for (const [other] of indexes.kept) {
    if (indexes.bytes <= BUDGET_BYTES) break
    forget(indexes, other)
  }
  return true
}

/** Reads the agent's passages in full, once at a time, and not again soon after a read that came to nothing. */
function load(database: Database, indexes: Indexes, agentId: string): Promise<HeldPassages | null> | null {
  const running = indexes.loading.get(agentId)
  if (running) return running
  if ((indexes.retryAt.get(agentId) ?? 0) > Date.now()) return null
  const started = Date.now()
  const settle = (held: HeldPassages | null) => {
    indexes.loading.delete(agentId)
    const kept = held !== null && keep(indexes, agentId, held)
    // Full reads of an agent whose changes cannot be applied (deletions) take at most a fifth of the time.
    const pause = 4 * (Date.now() - started)
    const wait = kept ? pause : held !== null ? TOO_LARGE_MS : Math.max(RETRY_MS, pause)
    indexes.retryAt.set(agentId, Date.now() + wait)
    return kept ? held : null
  }
  const loading = loadPassageIndex(database, agentId).then(
    (loaded) => settle(loaded && holdPassages(loaded)),
    () => settle(null),
  )
  indexes.loading.set(agentId, loading)
  return loading
}

/** Applies what changed since the held passages were read (one statement); null when it cannot. */
function refresh(database: Database, indexes: Indexes, { agentId, held }: { agentId: string; held: HeldPassages }) {
  const running = indexes.loading.get(agentId)
  if (running) return running
  const refreshing = readPassageChanges(database, { agentId, watermark: held.watermark })
    .then((changes) => changes && applyPassageChanges(held, changes))
    .catch(() => null)
    .then((next) => {
      indexes.loading.delete(agentId)
      if (next && keep(indexes, agentId, next)) return next
      forget(indexes, agentId)
      return null
    })
  indexes.loading.set(agentId, refreshing)
  return refreshing
}

export interface CurrentIndexOptions {
  agentId: string
  version: bigint
  passages: number
}

/**
 * The agent's passages in memory, when this process holds them at `version` (read by the question's
 * plan statement, or from the plan kept until the agent's passages change: a change another process
 * made shows once its signal arrives, milliseconds later). Held passages that are behind take
 * the rows written since (one statement); failing that (a deletion, too many changes), a small agent
 * is read again before returning, a larger one in the background for the questions after. Null means
 * search in SQL.
 */
export async function currentPassageIndex(
  database: Database,
  { agentId, version, passages }: CurrentIndexOptions,
): Promise<HeldPassages | null> {
  const indexes = indexesOf(database)
  const held = indexes.kept.get(agentId)
  if (held?.version === version) {
    indexes.kept.delete(agentId)
    indexes.kept.set(agentId, held)
    return held
  }
  const refreshed = held ? await refresh(database, indexes, { agentId, held }) : null
  if (refreshed) return refreshed.version === version ? refreshed : null
  const loading = load(database, indexes, agentId)
  if (!loading || passages > INLINE_PASSAGES) return null
  const loaded = await loading
  return loaded?.version === version ? loaded : null
}

/**
 * Starts reading the agent's passages in the background when this process holds none of them: a visitor
 * opening its chat is about to ask, and the first question then finds them in memory.
 */
export function warmPassageIndex(database: Database, agentId: string): void {
  const indexes = indexesOf(database)
  // Nothing waits for it: a failure only leaves the first question to read them.
  if (!indexes.kept.has(agentId)) load(database, indexes, agentId)?.catch(() => {})
}

/** Reads the agent's passages now (a benchmark's warm-up); null when they could not be kept. */
export async function preparePassageIndex(database: Database, agentId: string): Promise<HeldPassages | null> {
  const indexes = indexesOf(database)
  indexes.retryAt.delete(agentId)
  forget(indexes, agentId)
  return load(database, indexes, agentId)
}
