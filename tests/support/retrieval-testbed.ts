// One agent's knowledge written straight through the indexing code (no server), on a test database,
// with a fake embeddings endpoint whose vectors follow concepts: what the retrieval suites share.
import { afterAll, beforeAll } from 'vitest'
import { searchFullText } from '../../server/chat/retrieval/search-full-text.ts'
import type { Database } from '../../server/db/database.ts'
import { createEmbedder, type Embedder } from '../../server/knowledge/indexing/create-embedder.ts'
import { indexSections } from '../../server/knowledge/indexing/index-sections.ts'
import { replaceSections } from '../../server/knowledge/indexing/replace-sections.ts'
import { testConfig } from './create-test-app.ts'
import { createTestDatabase, type DatabaseLocation } from './create-test-database.ts'
import { startFakeOpenAi } from './fake-openai.ts'

export interface RetrievalTestbed {
  database: Database
  location: DatabaseLocation
  embeddings: Awaited<ReturnType<typeof startFakeOpenAi>>
  embedder: Embedder
  accountId: string
}

/** Paragraphs that hold none of the tests' words: they make passages long, or an agent large. */
export const filler = (count: number) =>
  Array.from(
    { length: count },
    (_unused, index) => `Paragraph ${index} talks about the weather and the seasons in general terms.`,
  ).join(' ')

/** Sets the testbed up before the file's tests and removes it after; its fields are there from beforeAll on. */
export function useRetrievalTestbed() {
  const bed = {} as RetrievalTestbed
  let cleanup = async () => {}
  beforeAll(async () => {
    const created = await createTestDatabase()
    cleanup = created.cleanup
    bed.database = created.database
    bed.location = created.location
    bed.embeddings = await startFakeOpenAi({ vectors: 'concepts' })
    bed.embedder = createEmbedder(testConfig(bed.embeddings.config)) as Embedder
    bed.accountId = (
      await bed.database.prisma.user.create({ data: { email: 'retrieval@example.com', fullName: 'R' } })
    ).id
  })
  afterAll(async () => {
    await cleanup()
    await bed.embeddings.close()
  })

  async function addTexts(agentId: string, texts: Record<string, string>, { withVectors = false } = {}) {
    const { database, accountId } = bed
    const ids: Record<string, string> = {}
    for (const [title, content] of Object.entries(texts)) {
      const text = await database.prisma.text.create({ data: { accountId, agentId, title, content } })
      const item = { type: 'text' as const, id: text.id, agentId, accountId }
      const { changedSectionIds } = await replaceSections(database, item, [{ title, content }])
      await indexSections(database, {
        item,
        sectionIds: changedSectionIds,
        options: { chunk: { size: 1000, overlap: 100 }, embedder: withVectors ? bed.embedder : null },
      })
      ids[title] = text.id
    }
    return { agentId, ids }
  }

  /** A new agent of the account, holding the texts (title: content). */
  async function agentWith(texts: Record<string, string>, { withVectors = false } = {}) {
    const agent = await bed.database.prisma.agent.create({ data: { accountId: bed.accountId, name: 'Retrieval' } })
    return addTexts(agent.id, texts, { withVectors })
  }

  /** The titles of the passages full-text search finds, best first. */
  async function titlesFound(agentId: string, question: string, minCoverage = 0) {
    const hits = await searchFullText(bed.database, { agentId, question, options: { limit: 10, minCoverage } })
    const chunks = await bed.database.prisma.knowledgeChunk.findMany({
      where: { id: { in: hits.map((hit) => hit.chunkId) } },
      select: { id: true, title: true },
    })
    const titles = new Map(chunks.map((chunk) => [chunk.id, chunk.title]))
    return hits.map((hit) => titles.get(hit.chunkId))
  }

  return { bed, addTexts, agentWith, titlesFound }
}
