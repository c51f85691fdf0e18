import { newRowId } from '../../db/new-row-id.ts'
import type { Database } from '../../db/database.ts'
import type { Prisma } from '../../db/generated/prisma/client.ts'

// Rows per statement: few statements for thousands of passages (the term and index statistics'
// statement-level triggers then run once per statement), short enough that the embedded database, which
// runs on this thread, is never held long by one.
const INSERT_BATCH = 250

export type ChunkRow = Omit<Prisma.KnowledgeChunkCreateManyInput, 'id' | 'embedding'> & { embedding: number[] }

export interface WriteChunksOptions {
  /** The sections whose chunks these are: their old chunks are replaced. */
  sectionIds: string[]
  rows: ChunkRow[]
}

/**
 * Replaces the sections' chunks with these rows. Each row is written with its weighted tsvector (the
 * title's words weigh A, the content's B) and term count (the passage's length for BM25) in the same
 * insert, so the statistics' triggers see each passage once.
 */
export async function writeChunks(database: Database, { sectionIds, rows }: WriteChunksOptions) {
  if (sectionIds.length > 0)
    await database.prisma.knowledgeChunk.deleteMany({ where: { sectionId: { in: sectionIds } } })
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH).map((row) => ({
      id: newRowId(),
      account_id: row.accountId,
      agent_id: row.agentId,
      source_type: row.sourceType,
      document_id: row.documentId ?? null,
      text_id: row.textId ?? null,
      website_id: row.websiteId ?? null,
      section_id: row.sectionId ?? null,
      position: row.position,
      title: row.title ?? null,
      content: row.content,
      source_url: row.sourceUrl ?? null,
      page_number: row.pageNumber ?? null,
      language: row.language ?? 'simple',
      token_count: row.tokenCount ?? 0,
      embedding: row.embedding,
      embedding_model: row.embeddingModel ?? null,
    }))
    await database.prisma.$executeRaw`
      insert into knowledge_chunks (id, account_id, agent_id, source_type, document_id, text_id, website_id,
        section_id, position, title, content, source_url, page_number, language, token_count, embedding,
        embedding_model, search_vector, term_count)
      select row.id, row.account_id, row.agent_id, row.source_type::"KnowledgeSourceType", row.document_id,
        row.text_id, row.website_id, row.section_id, row.position, row.title, row.content, row.source_url,
        row.page_number, row.language, row.token_count, row.embedding, row.embedding_model, indexed.vector,
        (select coalesce(sum(cardinality(word.positions)), 0) from unnest(indexed.vector) word)
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as row(id uuid, account_id uuid, agent_id uuid,
        source_type text, document_id uuid, text_id uuid, website_id uuid, section_id uuid, position int,
        title text, content text, source_url text, page_number int, language text, token_count int,
        embedding real[], embedding_model text)
      cross join lateral (
        select setweight(to_tsvector(row.language::regconfig, coalesce(row.title, '')), 'A')
          || setweight(to_tsvector(row.language::regconfig, row.content), 'B') as vector
      ) indexed`
    await new Promise((resolve) => setImmediate(resolve))
  }
}
