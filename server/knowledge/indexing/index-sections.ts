import type { Database } from '../../db/database.ts'
import { chunkSection, type ChunkOptions } from './chunk-section.ts'
import type { Embedder } from './create-embedder.ts'
import { detectSearchConfig, usualSearchConfig } from './detect-language.ts'
import { itemColumns } from './knowledge-item.ts'
import type { KnowledgeItemRef } from './replace-sections.ts'
import { availableSearchConfigs } from './search-configs.ts'

const INSERT_BATCH = 100

interface IndexOptions {
  chunk: ChunkOptions
  embedder: Embedder | null
  signal?: AbortSignal
  onProgress?(done: number, total: number): Promise<void>
}

export interface IndexSectionsOptions {
  item: KnowledgeItemRef
  sectionIds: string[]
  options: IndexOptions
}

/**
 * Chunks the given sections and indexes the chunks: a tsvector in the detected language's text-search
 * configuration (GIN-indexed), and a vector when an embedder is configured. Returns how many chunks.
 */
export async function indexSections(
  database: Database,
  { item, sectionIds, options }: IndexSectionsOptions,
): Promise<number> {
  const configs = await availableSearchConfigs(database)
  let written = 0
  for (const [index, sectionId] of sectionIds.entries()) {
    options.signal?.throwIfAborted()
    const section = await database.prisma.knowledgeSection.findUniqueOrThrow({ where: { id: sectionId } })
    const language = detectSearchConfig(section.content, configs, await usualSearchConfig(database, item.agentId))
    const chunks = chunkSection(section.content, options.chunk)
    const texts = chunks.map((chunk) => [chunk.heading ?? section.title, chunk.content].filter(Boolean).join('\n'))
    const vectors = options.embedder && texts.length > 0 ? await options.embedder.embed(texts, options.signal) : []
    const rows = chunks.map((chunk, position) => ({
      accountId: item.accountId,
      agentId: item.agentId,
      ...itemColumns(item.type, item.id),
      sectionId,
      position: section.position * 10_000 + position,
      title: chunk.heading ?? section.title,
      content: chunk.content,
      sourceUrl: section.sourceUrl,
      pageNumber: section.pageNumber,
      language,
      tokenCount: Math.ceil(chunk.content.length / 4),
      embedding: vectors[position] ?? [],
      embeddingModel: vectors[position] ? options.embedder?.model : null,
    }))
    await database.prisma.knowledgeChunk.deleteMany({ where: { sectionId } })
    // In batches with a pause between: the embedded database runs on this thread, and one huge
    // statement would keep the API from answering for its whole length.
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      const batch = rows.slice(start, start + INSERT_BATCH)
      const inserted = await database.prisma.knowledgeChunk.createManyAndReturn({ data: batch, select: { id: true } })
      const ids = inserted.map((row) => row.id)
      // The title's words weigh A and the content's B; term_count is the passage's length for BM25.
      await database.prisma.$executeRaw`
        update knowledge_chunks chunk
        set search_vector = indexed.vector, term_count = (select coalesce(sum(cardinality(word.positions)), 0) from unnest(indexed.vector) word)
        from (
          select id, setweight(to_tsvector(language::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector(language::regconfig, content), 'B') as vector
          from knowledge_chunks where id = any(${ids}::uuid[])
        ) indexed
        where chunk.id = indexed.id`
      await new Promise((resolve) => setImmediate(resolve))
    }
    written += chunks.length
    await options.onProgress?.(index + 1, sectionIds.length)
  }
  return written
}
