import type { Database, VectorSearchMode } from '../../db/database.ts'
import { Prisma } from '../../db/generated/prisma/client.ts'
import { approximatePredicate, fixedVector, hasApproximateIndex } from './approximate-vector-indexes.ts'
import { cosineTop, normalized } from './cosine-top.ts'
import type { RankedChunk } from './passage.ts'

interface VectorQuery {
  agentId: string
  vector: number[]
  /** Only passages embedded by this model are comparable with the question's vector. */
  model: string
  limit: number
  minSimilarity: number
  /** The agent's index version when the caller has read it already (saves the in-process search a statement). */
  indexVersion?: bigint
  /** How many of the agent's passages have vectors, when known: few are searched exactly. */
  embeddedCount?: number
}

export interface VectorSearch {
  search(query: VectorQuery): Promise<RankedChunk[]>
}

interface CachedAgentVectors {
  version: bigint
  model: string
  dimensions: number
  ids: string[]
  matrix: Float32Array
}

async function indexVersion(database: Database, agentId: string): Promise<bigint> {
  const stats = await database.prisma.knowledgeIndexStat.aggregate({ where: { agentId }, _sum: { version: true } })
  return stats._sum.version ?? 0n
}

interface LoadAgentVectorsOptions {
  agentId: string
  model: string
  dimensions: number
}

async function loadAgentVectors(
  database: Database,
  { agentId, model, dimensions }: LoadAgentVectorsOptions,
): Promise<Omit<CachedAgentVectors, 'version'>> {
  const rows = await database.prisma.$queryRaw<{ id: string; embedding: number[] }[]>`
    select id::text, embedding from knowledge_chunks
    where agent_id = ${agentId}::uuid and embedding_model = ${model} and cardinality(embedding) = ${dimensions}`
  const matrix = new Float32Array(rows.length * dimensions)
  rows.forEach((row, index) => matrix.set(normalized(row.embedding), index * dimensions))
  return { model, dimensions, ids: rows.map((row) => row.id), matrix }
}

/**
 * Exact search in the server's memory over the portable real[] column. Each agent's vectors are cached
 * until its passages change (knowledge_index_stats.version), least recently used first out once the
 * cache passes its budget; an agent larger than the whole budget is searched without caching.
 */
function inProcessSearch(database: Database, cacheBytes: number): VectorSearch {
  const cache = new Map<string, CachedAgentVectors>()
  const cachedBytes = () => [...cache.values()].reduce((sum, entry) => sum + entry.matrix.byteLength, 0)
  return {
    async search(query) {
      const version = query.indexVersion ?? (await indexVersion(database, query.agentId))
      let entry = cache.get(query.agentId)
      if (
        !entry ||
        entry.version !== version ||
        entry.model !== query.model ||
        entry.dimensions !== query.vector.length
      ) {
        entry = {
          version,
          ...(await loadAgentVectors(database, {
            agentId: query.agentId,
            model: query.model,
            dimensions: query.vector.length,
          })),
        }
      }
      cache.delete(query.agentId)
      if (entry.matrix.byteLength <= cacheBytes) {
        cache.set(query.agentId, entry)
        for (const agentId of cache.keys()) {
          if (cachedBytes() <= cacheBytes) break
          cache.delete(agentId)
        }
      }
      const found = cosineTop({
        matrix: entry.matrix,
        dimensions: entry.dimensions,
        query: normalized(query.vector),
        limit: query.limit,
        minSimilarity: query.minSimilarity,
      })
      return found.map((hit) => ({ chunkId: entry.ids[hit.row] as string, score: hit.similarity }))
    },
  }
}

// Agents with fewer vectors than this are searched exactly: a scan of them is quick, and a walk of a
// graph shared with every other agent's passages would meet few of theirs.
const APPROXIMATE_FROM = 5_000

interface PgvectorSearchOptions {
  /** Agents with at least this many vectors are searched through the model's HNSW index, when it exists. */
  approximateFrom: number
}

/**
 * pgvector's cosine distance. Large agents go through the HNSW index of their model's fixed-dimension
 * vector (`embedding::vector(n)`, a partial index per model); when its walk finds fewer passages than
 * asked for (the agent's are rare in the graph), or the index is missing or still building, exact
 * search answers, casting the real[] column (so any dimension works).
 */
export function createPgvectorSearch(database: Database, { approximateFrom }: PgvectorSearchOptions): VectorSearch {
  return {
    async search(query) {
      const literal = `[${query.vector.join(',')}]`
      const space = { model: query.model, dimensions: query.vector.length }
      if ((query.embeddedCount ?? 0) >= approximateFrom && hasApproximateIndex(database, space)) {
        const vector = Prisma.raw(fixedVector(space))
        const rows = await database.prisma.$queryRaw<RankedChunk[]>`
          select id::text as "chunkId", 1 - (${vector} <=> ${literal}::vector) as score
          from knowledge_chunks
          where agent_id = ${query.agentId}::uuid and ${Prisma.raw(approximatePredicate(space))}
          order by ${vector} <=> ${literal}::vector
          limit ${query.limit}`
        if (rows.length === query.limit) return rows.filter((row) => row.score >= query.minSimilarity)
      }
      const rows = await database.prisma.$queryRaw<RankedChunk[]>`
        select id::text as "chunkId", 1 - (embedding::vector <=> ${literal}::vector) as score
        from knowledge_chunks
        where agent_id = ${query.agentId}::uuid and embedding_model = ${query.model} and cardinality(embedding) = ${query.vector.length}
        order by embedding::vector <=> ${literal}::vector
        limit ${query.limit}`
      return rows.filter((row) => row.score >= query.minSimilarity)
    },
  }
}

export function createVectorSearch(database: Database, mode: VectorSearchMode, cacheBytes: number): VectorSearch {
  return mode === 'pgvector'
    ? createPgvectorSearch(database, { approximateFrom: APPROXIMATE_FROM })
    : inProcessSearch(database, cacheBytes)
}
