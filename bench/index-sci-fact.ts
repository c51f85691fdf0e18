// Fills a benchmark database with SciFact passages: one agent per call, indexed as the server indexes texts.
import type { Database } from '../server/db/database.ts'
import { indexSections } from '../server/knowledge/indexing/index-sections.ts'
import { replaceSections } from '../server/knowledge/indexing/replace-sections.ts'
import type { CorpusDocument } from './scifact.ts'

const CHUNK = { size: 1_000, overlap: 150 } // the server's defaults (CHUNK_SIZE, CHUNK_OVERLAP)

export interface IndexSciFactOptions {
  accountId: string
  documents: CorpusDocument[]
}

/** A new agent holding the documents as texts, chunked and indexed; returns its id. */
export async function indexSciFact(database: Database, { accountId, documents }: IndexSciFactOptions) {
  const agent = await database.prisma.agent.create({ data: { accountId, name: 'SciFact' } })
  for (const document of documents) {
    const content = document.text || document.title
    const text = await database.prisma.text.create({
      data: {
        accountId,
        agentId: agent.id,
        title: document.title.slice(0, 200),
        content,
        metaData: { corpus_id: document._id },
      },
    })
    const item = { type: 'text' as const, id: text.id, agentId: agent.id, accountId }
    const { changedSectionIds } = await replaceSections(database, item, [{ title: document.title, content }])
    await indexSections(database, { item, sectionIds: changedSectionIds, options: { chunk: CHUNK, embedder: null } })
  }
  return agent.id
}

/** Copies the agent's passages (with fresh ids) until it holds `target` of them. */
export async function growTo(database: Database, agentId: string, target: number) {
  for (;;) {
    const count = await database.prisma.knowledgeChunk.count({ where: { agentId } })
    if (count >= target) return count
    await database.prisma.$executeRaw`
      insert into knowledge_chunks (id, account_id, agent_id, source_type, text_id, position, title, content, language, token_count, term_count, search_vector, embedding, created_at)
      select gen_random_uuid(), account_id, agent_id, source_type, text_id, position, title, content, language, token_count, term_count, search_vector, embedding, now()
      from knowledge_chunks where agent_id = ${agentId}::uuid
      limit ${Math.min(count, target - count)}`
  }
}
