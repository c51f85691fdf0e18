// Approximate vector search on the embedded database (pgvector's HNSW on `embedding::vector(n)`):
// its build time, its size, what it adds to storing vectors, and search latency exact against HNSW.
import { loadavg } from 'node:os'
import { prepareApproximateIndex, approximateIndexName } from '../server/chat/retrieval/approximate-vector-indexes.ts'
import { createPgvectorSearch } from '../server/chat/retrieval/search-vectors.ts'
import type { Database } from '../server/db/database.ts'

const MODEL = 'bench-embedding'
const round = (value: number, digits = 1) => Number(value.toFixed(digits))

// Deterministic pseudo-random unit vectors: a bench need not be reproducible bit for bit, but close.
function randomVectors(count: number, dimensions: number, seed: number) {
  let state = seed
  const next = () => ((state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648) * 2 - 1
  return Array.from({ length: count }, () => {
    const vector = Array.from({ length: dimensions }, next)
    const length = Math.hypot(...vector)
    return vector.map((value) => value / length)
  })
}

/** Writes the vectors onto the agent's passages in id order, from the `offset`th on, 100 a statement. */
async function storeVectors(database: Database, { agentId, vectors, offset }: StoreOptions) {
  const ids = (
    await database.prisma.knowledgeChunk.findMany({
      where: { agentId },
      select: { id: true },
      orderBy: { id: 'asc' },
      skip: offset,
      take: vectors.length,
    })
  ).map((chunk) => chunk.id)
  const started = performance.now()
  for (let start = 0; start < vectors.length; start += 100) {
    const batch = vectors.slice(start, start + 100)
    await database.prisma.$executeRaw`
      update knowledge_chunks chunk set embedding = source.embedding::real[], embedding_model = ${MODEL}
      from unnest(${ids.slice(start, start + 100)}::uuid[], ${batch.map((vector) => `{${vector.join(',')}}`)}::text[]) as source(id, embedding)
      where chunk.id = source.id`
  }
  return performance.now() - started
}

interface StoreOptions {
  agentId: string
  vectors: number[][]
  offset: number
}

export interface VectorIndexBenchOptions {
  agentId: string
  passages: number
  dimensions: number
}

/** Gives the agent's first passages vectors, then times storing more with the index, and searching. */
export async function measureVectorIndex(
  database: Database,
  { agentId, passages, dimensions }: VectorIndexBenchOptions,
) {
  const vectors = randomVectors(passages, dimensions, 7)
  const half = Math.floor(passages / 2)
  const storeWithoutIndexMs = await storeVectors(database, { agentId, vectors: vectors.slice(0, half), offset: 0 })
  const space = { model: MODEL, dimensions }
  const buildStarted = performance.now()
  const isBuilt = await prepareApproximateIndex(database, space)
  const buildMs = performance.now() - buildStarted
  const storeWithIndexMs = await storeVectors(database, { agentId, vectors: vectors.slice(half), offset: half })
  const [size] = await database.prisma.$queryRaw<{ bytes: number }[]>`
    select pg_total_relation_size(to_regclass(${approximateIndexName(space)}))::float8 as bytes`
  const questions = randomVectors(100, dimensions, 11)
  const timings = async (approximateFrom: number) => {
    const search = createPgvectorSearch(database, { approximateFrom })
    const times: number[] = []
    const found: string[][] = []
    for (const vector of questions) {
      const started = performance.now()
      const hits = await search.search({
        agentId,
        vector,
        model: MODEL,
        limit: 40,
        minSimilarity: -1,
        embeddedCount: passages,
      })
      times.push(performance.now() - started)
      found.push(hits.map((hit) => hit.chunkId))
    }
    times.sort((a, b) => a - b)
    return { p50: round(times[50] ?? 0, 2), p99: round(times[99] ?? 0, 2), found }
  }
  const exact = await timings(Number.POSITIVE_INFINITY)
  const approximate = await timings(0)
  const recall =
    exact.found.reduce((sum, ids, at) => sum + ids.filter((id) => approximate.found[at]?.includes(id)).length, 0) /
    Math.max(
      1,
      exact.found.reduce((sum, ids) => sum + ids.length, 0),
    )
  return {
    passages,
    dimensions,
    isBuilt,
    indexBuildMs: round(buildMs, 0),
    indexMb: round((size?.bytes ?? 0) / 1_048_576),
    // The same number of vectors written before the index existed and after (the second write covers all).
    storeMsPer1000WithoutIndex: round((storeWithoutIndexMs / half) * 1000, 0),
    storeMsPer1000WithIndex: round((storeWithIndexMs / (passages - half)) * 1000, 0),
    hnswRecallAt40: round(recall, 3),
    exactP50Ms: exact.p50,
    exactP99Ms: exact.p99,
    hnswP50Ms: approximate.p50,
    hnswP99Ms: approximate.p99,
    loadAverage: round(loadavg()[0] ?? 0, 2),
  }
}
