// @database-specific: pgvector versus in-process vector search
// Vectors beside full text: hybrid retrieval, the SQL a question costs, and the approximate (HNSW) index.
import { beforeAll, describe, expect, it } from 'vitest'
import {
  approximateIndexName,
  prepareApproximateIndex,
} from '../../../server/chat/retrieval/approximate-vector-indexes.ts'
import { retrievePassages, type Retriever } from '../../../server/chat/retrieval/retrieve-passages.ts'
import { createPgvectorSearch, createVectorSearch } from '../../../server/chat/retrieval/search-vectors.ts'
import { countStatementsOf } from '../../../server/db/count-statements.ts'
import { detectVectorSearch } from '../../../server/db/detect-vector-search.ts'
import { createEmbedder, type Embedder } from '../../../server/knowledge/indexing/create-embedder.ts'
import { indexSections } from '../../../server/knowledge/indexing/index-sections.ts'
import { replaceSections } from '../../../server/knowledge/indexing/replace-sections.ts'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { testConfig } from '../../support/create-test-app.ts'
import { useRetrievalTestbed, type RetrievalTestbed } from '../../support/retrieval-testbed.ts'
import type { Database } from '../../../server/db/database.ts'

const { bed, agentWith } = useRetrievalTestbed()
let database: Database
let embeddings: RetrievalTestbed['embeddings']
let embedder: Embedder
let accountId: string
beforeAll(() => {
  ;({ database, embeddings, embedder, accountId } = bed)
})

describe('hybrid retrieval', () => {
  const retrieverFor = async (mode: 'pgvector' | 'in-process' | null, withEmbedder: boolean): Promise<Retriever> => ({
    database,
    embedder: withEmbedder ? embedder : null,
    vectors: createVectorSearch(database, mode ?? (await detectVectorSearch(database)), 64 * 1_048_576),
    logger: createLogger(testConfig({ LOG_LEVEL: 'silent' })),
    topK: 5,
    minSimilarity: 0.3,
  })

  it('vectors find a passage that shares no word with the question; full text alone cannot', async () => {
    const { agentId } = await agentWith(
      {
        Refunds: 'Reimbursement is issued to the original card within five days.',
        Hours: 'The shop opens at nine every morning.',
      },
      { withVectors: true },
    )
    const question = 'Can I get my money back?'
    const hybrid = await retrievePassages({ retriever: await retrieverFor(null, true), agentId, question })
    expect(hybrid.map((passage) => passage.title)).toEqual(['Refunds'])
    expect(await retrievePassages({ retriever: await retrieverFor(null, false), agentId, question })).toEqual([])
  })

  it('in-process search sees passages added after its cache was filled', async () => {
    const retriever = await retrieverFor('in-process', true)
    const { agentId } = await agentWith({ Hours: 'The shop opens at nine every morning.' }, { withVectors: true })
    expect(await retrievePassages({ retriever, agentId, question: 'When will my parcel arrive?' })).toEqual([])
    const text = await database.prisma.text.create({
      data: { accountId, agentId, title: 'Delivery', content: 'Couriers bring orders in two days.' },
    })
    const item = { type: 'text' as const, id: text.id, agentId, accountId }
    const { changedSectionIds } = await replaceSections(database, item, [
      { title: 'Delivery', content: 'Couriers bring orders in two days.' },
    ])
    await indexSections(database, {
      item,
      sectionIds: changedSectionIds,
      options: { chunk: { size: 1000, overlap: 100 }, embedder },
    })
    expect(
      (await retrievePassages({ retriever, agentId, question: 'When will my parcel arrive?' })).map(
        (passage) => passage.title,
      ),
    ).toEqual(['Delivery'])
  })

  it('keeps answering from full text when the embedding endpoint fails', async () => {
    const { agentId } = await agentWith({ Hours: 'The shop opens at nine every morning.' }, { withVectors: true })
    const broken = createEmbedder(testConfig({ ...embeddings.config, EMBEDDINGS_API_KEY: 'wrong-key' })) as Embedder
    const retriever = { ...(await retrieverFor(null, true)), embedder: broken }
    expect(
      (await retrievePassages({ retriever, agentId, question: 'When does the shop open?' })).map(
        (passage) => passage.title,
      ),
    ).toEqual(['Hours'])
  })
})

describe('the SQL a question costs', () => {
  it('is the plan, the passages’ content and, with vectors, the vector search', async () => {
    const { agentId } = await agentWith(
      { Hours: 'The shop opens at nine every morning.', Refunds: 'Reimbursement goes to the original card.' },
      { withVectors: true },
    )
    const retriever: Retriever = {
      database,
      embedder: null,
      vectors: createVectorSearch(database, await detectVectorSearch(database), 64 * 1_048_576),
      logger: createLogger(testConfig({ LOG_LEVEL: 'silent' })),
      topK: 5,
      minSimilarity: 0.3,
    }
    const statementsOf = async (withVectors: boolean) => {
      const tally = { count: 0 }
      const passages = await countStatementsOf(tally, () =>
        retrievePassages({
          retriever: { ...retriever, embedder: withVectors ? embedder : null },
          agentId,
          question: 'When does the shop open?',
        }),
      )
      expect(passages.map((passage) => passage.title)).toContain('Hours')
      return tally.count
    }
    // The first question also reads the agent's passages into memory (one page); later ones score there.
    expect(await statementsOf(false)).toBe(3)
    expect(await statementsOf(false)).toBe(2)
    expect(await statementsOf(true)).toBe(3)
  })
})

describe('approximate vector search (HNSW)', () => {
  it('builds the model’s index on its fixed-dimension vector and answers through it as exact search does', async () => {
    // PostgreSQL without pgvector searches vectors in the server's memory: no index to build.
    if ((await detectVectorSearch(database)) !== 'pgvector') return
    const { agentId } = await agentWith(
      {
        Refunds: 'Reimbursement is issued to the original card within five days.',
        Hours: 'The shop opens at nine every morning.',
        Delivery: 'Couriers bring orders in two days.',
        Returns: 'Items may be sent back within thirty days.',
      },
      { withVectors: true },
    )
    const [vector] = await embedder.embed(['Can I get my money back?'])
    const space = { model: embedder.model, dimensions: vector?.length ?? 0 }
    expect(await prepareApproximateIndex(database, space)).toBe(true)
    const query = {
      agentId,
      vector: vector ?? [],
      model: embedder.model,
      limit: 3,
      minSimilarity: -1,
      embeddedCount: 4,
    }
    const approximate = await createPgvectorSearch(database, { approximateFrom: 0 }).search(query)
    const exact = await createPgvectorSearch(database, { approximateFrom: Number.POSITIVE_INFINITY }).search(query)
    expect(approximate.map((hit) => hit.chunkId)).toEqual(exact.map((hit) => hit.chunkId))
    expect(approximate).toHaveLength(3)
    await database.prisma.$executeRawUnsafe('set enable_seqscan = off')
    try {
      const plan = await database.prisma.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
        `explain select id from knowledge_chunks
         where agent_id = '${agentId}' and embedding_model = '${space.model}' and cardinality(embedding) = ${space.dimensions}
         order by embedding::vector(${space.dimensions}) <=> '[${query.vector.join(',')}]'::vector limit 3`,
      )
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain(approximateIndexName(space))
    } finally {
      await database.prisma.$executeRawUnsafe('reset enable_seqscan')
    }
  })
})
