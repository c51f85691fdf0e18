import type { Database, VectorSearchMode } from '../../db/database.ts'
import { cosineTop, normalized } from './cosine-top.ts'
import type { RankedChunk } from './passage.ts'

interface VectorQuery {
  agentId: string
  vector: number[]
  /** Only passages embedded by this model are comparable with the question's vector. */
  model: string
  limit: number
  minSimilarity: number
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
      const version = await indexVersion(database, query.agentId)
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

/** Exact search by pgvector's cosine distance, casting the real[] column (so any dimension works). */
function pgvectorSearch(database: Database): VectorSearch {
  return {
    async search(query) {
      const literal = `[${query.vector.join(',')}]`
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
  return mode === 'pgvector' ? pgvectorSearch(database) : inProcessSearch(database, cacheBytes)
}
