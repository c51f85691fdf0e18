import { createHash } from 'node:crypto'
import type { Database } from '../../db/database.ts'

// pgvector's HNSW indexes vectors of at most this many dimensions; wider models are searched exactly.
const HNSW_MAX_DIMENSIONS = 2_000
// The model's name is written into the index's predicate (a partial index is only used when the
// query repeats its constants), so only names made of these characters get one.
const PLAIN_MODEL_NAME = /^[\w.:/@+-]{1,200}$/
// After a failed build, the next attempt waits this long.
const RETRY_MS = 10 * 60_000

export interface EmbeddingSpace {
  model: string
  dimensions: number
}

type IndexState = { ready: true } | { ready: false; retryAt: number; building?: Promise<boolean> }

const statesOf = new WeakMap<Database, Map<string, IndexState>>()

/** The index's name: one per model and dimension. */
export function approximateIndexName({ model, dimensions }: EmbeddingSpace) {
  const digest = createHash('sha256').update(model).digest('hex').slice(0, 12)
  return `knowledge_chunks_hnsw_${dimensions}_${digest}`
}

/** The SQL that reads the column as the index does: a vector of the model's fixed dimension. */
export function fixedVector({ dimensions }: EmbeddingSpace) {
  return `embedding::vector(${Math.trunc(dimensions)})`
}

/** The index's predicate, which a query must repeat word for word to use it. */
export function approximatePredicate(space: EmbeddingSpace) {
  return `embedding_model = '${space.model}' and cardinality(embedding) = ${Math.trunc(space.dimensions)}`
}

async function buildIndex(database: Database, space: EmbeddingSpace) {
  const name = approximateIndexName(space)
  await database.withRawConnection(async (query) => {
    const found = await query(`select indisvalid as "isValid" from pg_index where indexrelid = to_regclass($1)`, [name])
    if (found.rows[0]?.isValid === true) return
    if (found.rows.length > 0) await query(`drop index if exists "${name}"`) // a concurrent build that failed
    // The embedded database has one connection: nothing runs beside the build, so nothing to be concurrent with.
    const concurrently = database.kind === 'postgres' ? 'concurrently' : ''
    await query(
      `create index ${concurrently} if not exists "${name}" on knowledge_chunks
       using hnsw ((${fixedVector(space)}) vector_cosine_ops) where ${approximatePredicate(space)}`,
    )
  })
}

const canIndex = (space: EmbeddingSpace) =>
  space.dimensions >= 1 && space.dimensions <= HNSW_MAX_DIMENSIONS && PLAIN_MODEL_NAME.test(space.model)

/** Checks for the index and builds it when missing, once at a time; true when it can answer. */
export function prepareApproximateIndex(database: Database, space: EmbeddingSpace): Promise<boolean> {
  if (!canIndex(space)) return Promise.resolve(false)
  let states = statesOf.get(database)
  if (!states) statesOf.set(database, (states = new Map()))
  const known = states
  const key = approximateIndexName(space)
  const state = known.get(key)
  if (state?.ready) return Promise.resolve(true)
  if (state?.building) return state.building
  if (state && state.retryAt > Date.now()) return Promise.resolve(false)
  const building = buildIndex(database, space).then(
    () => (known.set(key, { ready: true }), true),
    () => (known.set(key, { ready: false, retryAt: Date.now() + RETRY_MS }), false),
  )
  known.set(key, { ready: false, retryAt: Number.POSITIVE_INFINITY, building })
  return building
}

/**
 * Whether the model's approximate (HNSW) index can answer now. The first ask in a process checks for
 * it and builds it in the background when missing (exact search answers meanwhile); a model too wide
 * for HNSW, or with an unusual name, never has one.
 */
export function hasApproximateIndex(database: Database, space: EmbeddingSpace): boolean {
  if (statesOf.get(database)?.get(approximateIndexName(space))?.ready) return true
  void prepareApproximateIndex(database, space)
  return false
}
