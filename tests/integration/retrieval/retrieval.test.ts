import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  approximateIndexName,
  prepareApproximateIndex,
} from '../../../server/chat/retrieval/approximate-vector-indexes.ts'
import { retrievePassages, type Retriever } from '../../../server/chat/retrieval/retrieve-passages.ts'
import { searchFullText } from '../../../server/chat/retrieval/search-full-text.ts'
import { createPgvectorSearch, createVectorSearch } from '../../../server/chat/retrieval/search-vectors.ts'
import { countStatementsOf } from '../../../server/db/count-statements.ts'
import type { Database } from '../../../server/db/database.ts'
import { detectVectorSearch } from '../../../server/db/detect-vector-search.ts'
import { createEmbedder, type Embedder } from '../../../server/knowledge/indexing/create-embedder.ts'
import { indexSections } from '../../../server/knowledge/indexing/index-sections.ts'
import { replaceSections } from '../../../server/knowledge/indexing/replace-sections.ts'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { testConfig } from '../../support/create-test-app.ts'
import { createTestDatabase, openDatabaseAt, type DatabaseLocation } from '../../support/create-test-database.ts'
import { startFakeOpenAi } from '../../support/fake-openai.ts'

let database: Database
let cleanup: () => Promise<void>
let location: DatabaseLocation
let embeddings: Awaited<ReturnType<typeof startFakeOpenAi>>
let embedder: Embedder
let accountId: string

beforeAll(async () => {
  const created = await createTestDatabase()
  database = created.database
  cleanup = created.cleanup
  location = created.location
  embeddings = await startFakeOpenAi({ vectors: 'concepts' })
  embedder = createEmbedder(testConfig(embeddings.config)) as Embedder
  accountId = (await database.prisma.user.create({ data: { email: 'retrieval@example.com', fullName: 'R' } })).id
})
afterAll(async () => {
  await cleanup()
  await embeddings.close()
})

async function agentWith(texts: Record<string, string>, { withVectors = false } = {}) {
  const agent = await database.prisma.agent.create({ data: { accountId, name: 'Retrieval' } })
  return addTexts(agent.id, texts, { withVectors })
}

async function addTexts(agentId: string, texts: Record<string, string>, { withVectors = false } = {}) {
  const ids: Record<string, string> = {}
  for (const [title, content] of Object.entries(texts)) {
    const text = await database.prisma.text.create({ data: { accountId, agentId, title, content } })
    const item = { type: 'text' as const, id: text.id, agentId, accountId }
    const { changedSectionIds } = await replaceSections(database, item, [{ title, content }])
    await indexSections(database, {
      item,
      sectionIds: changedSectionIds,
      options: {
        chunk: { size: 1000, overlap: 100 },
        embedder: withVectors ? embedder : null,
      },
    })
    ids[title] = text.id
  }
  return { agentId, ids }
}

async function titlesFound(agentId: string, question: string, minCoverage = 0) {
  const hits = await searchFullText(database, { agentId, question, options: { limit: 10, minCoverage } })
  const chunks = await database.prisma.knowledgeChunk.findMany({
    where: { id: { in: hits.map((hit) => hit.chunkId) } },
    select: { id: true, title: true },
  })
  const titles = new Map(chunks.map((chunk) => [chunk.id, chunk.title]))
  return hits.map((hit) => titles.get(hit.chunkId))
}

const filler = (count: number) =>
  Array.from(
    { length: count },
    (_unused, index) => `Paragraph ${index} talks about the weather and the seasons in general terms.`,
  ).join(' ')

describe('BM25 full-text ranking', () => {
  it('weighs rare words above common ones (inverse document frequency)', async () => {
    const { agentId } = await agentWith({
      'Common A': 'Our store sells shoes and bags.',
      'Common B': 'Our store opens at nine.',
      'Common C': 'Our store is in Paris.',
      Rare: 'Vegan leather is used for the bags.',
    })
    expect((await titlesFound(agentId, 'store vegan'))[0]).toBe('Rare')
  })

  it('saturates term frequency: repeating one word does not beat holding both', async () => {
    const { agentId } = await agentWith({
      Repeats: Array.from({ length: 30 }, () => 'warranty').join(' '),
      Both: 'The warranty covers battery replacement for two years.',
      Neither: 'Opening hours are nine to five.',
    })
    expect((await titlesFound(agentId, 'warranty battery'))[0]).toBe('Both')
  })

  it('normalises by length: the same match in a shorter passage ranks higher', async () => {
    const { agentId } = await agentWith({
      Long: `Gift cards never expire. ${filler(8)}`,
      Short: 'Gift cards never expire.',
      Other: 'Returns take five days.',
    })
    expect(await titlesFound(agentId, 'gift cards expire')).toEqual(['Short', 'Long'])
  })

  it('matches word forms in each passage’s own language (English and German stemming)', async () => {
    const { agentId } = await agentWith({
      English: 'Returning an item is free within thirty days of purchase.',
      Deutsch: 'Die Bestellungen werden innerhalb von drei Werktagen versendet und sind versichert.',
    })
    expect(await titlesFound(agentId, 'How do I return items?')).toEqual(['English'])
    expect(await titlesFound(agentId, 'Wann wird meine Bestellung versendet?')).toEqual(['Deutsch'])
  })

  it('leaves out passages under the relevance floor, and finds nothing for an unrelated question', async () => {
    const { agentId } = await agentWith({
      Precise: 'Express delivery to Norway costs twelve euros.',
      Vague: 'Delivery is handled by our partners.',
      Unrelated: 'Our founders met at university.',
    })
    expect(await titlesFound(agentId, 'express delivery norway', 0.5)).toEqual(['Precise'])
    expect(await titlesFound(agentId, 'express delivery norway', 0)).toEqual(['Precise', 'Vague'])
    expect(await titlesFound(agentId, 'What is the boiling point of mercury?', 0.3)).toEqual([])
  })

  it('never returns another agent’s passages', async () => {
    const mine = await agentWith({ Mine: 'Loyalty points double on Fridays.' })
    await agentWith({ Theirs: 'Loyalty points expire after a year.' })
    expect(await titlesFound(mine.agentId, 'loyalty points expire')).toEqual(['Mine'])
  })

  it('takes questions with quotes, operators and symbols as plain words', async () => {
    const { agentId } = await agentWith({ Symbols: "Use the code it's-on & save 10%." })
    for (const question of ["it's | !code & (save) <-> :*", "''''", '\\\\ \\ "']) {
      await expect(
        searchFullText(database, { agentId, question, options: { limit: 5, minCoverage: 0 } }),
      ).resolves.toBeInstanceOf(Array)
    }
    expect(await titlesFound(agentId, "what's the code? it's & save")).toEqual(['Symbols'])
  })
})

describe('skipping passages that cannot reach the top (MaxScore)', () => {
  it('returns exactly what a full scan returns, for every limit', async () => {
    const colours = ['red', 'blue', 'green', 'yellow', 'purple', 'orange', 'black', 'white']
    const texts: Record<string, string> = {}
    for (let index = 0; index < 60; index += 1) {
      const rare = index % 15 === 0 ? ' The titanium hinge is guaranteed for life.' : ''
      const medium = index % 4 === 0 ? ` A ${colours[index % 8]} strap is included.` : ''
      texts[`Item ${index}`] =
        `This watch comes in a box with a manual and a warranty card.${medium}${rare}${' It is a good watch.'.repeat(index % 3)}`
    }
    const { agentId } = await agentWith(texts)
    for (const question of [
      'watch box manual warranty titanium hinge',
      'red strap watch',
      'good watch warranty life',
      'purple titanium',
    ]) {
      for (const limit of [1, 3, 10]) {
        const full = await searchFullText(database, {
          agentId,
          question,
          options: {
            limit,
            minCoverage: 0,
            firstPassPassages: 100_000,
            inMemory: false,
          },
        })
        const pruned = await searchFullText(database, {
          agentId,
          question,
          options: {
            limit,
            minCoverage: 0,
            firstPassPassages: 5,
            inMemory: false,
          },
        })
        expect(
          pruned.map((hit) => hit.chunkId),
          `${question} / ${limit}`,
        ).toEqual(full.map((hit) => hit.chunkId))
        expect(pruned.map((hit) => hit.score)).toEqual(full.map((hit) => hit.score))
      }
    }
  })
})

describe('passages held in memory', () => {
  it('rank exactly as the SQL search does, for every limit and coverage floor', async () => {
    const texts: Record<string, string> = {
      Quotes: "The shop's \\back\\slash policy: it's 'quoted' and free.",
      Deutsch: 'Die Bestellungen werden innerhalb von drei Werktagen versendet und sind versichert.',
    }
    for (let index = 0; index < 40; index += 1) {
      texts[`Item ${index}`] =
        `This watch comes with a warranty card.${index % 3 === 0 ? ' The strap is leather.' : ''}${' A good watch.'.repeat(index % 4)}`
    }
    const { agentId } = await agentWith(texts)
    for (const question of [
      'watch warranty leather strap',
      "shop's policy quoted",
      'Bestellung versendet',
      'good watch',
    ]) {
      for (const [limit, minCoverage] of [
        [1, 0],
        [5, 0.3],
        [40, 0],
        [40, 0.6],
      ] as const) {
        const search = (inMemory: boolean) =>
          searchFullText(database, { agentId, question, options: { limit, minCoverage, inMemory } })
        const [inSql, inMemory] = [await search(false), await search(true)]
        expect(
          inMemory.map((hit) => hit.chunkId),
          question,
        ).toEqual(inSql.map((hit) => hit.chunkId))
        inMemory.forEach((hit, place) => expect(hit.score).toBeCloseTo(inSql[place]?.score ?? NaN, 9))
        expect(inSql.length, question).toBeGreaterThan(0)
      }
    }
  })

  it('see passages added and deleted after they were read', async () => {
    const { agentId, ids } = await agentWith({ Hours: 'The shop opens at nine every morning.' })
    expect(await titlesFound(agentId, 'parcel couriers')).toEqual([])
    const { ids: added } = await addTexts(agentId, { Delivery: 'Couriers bring every parcel in two days.' })
    expect(await titlesFound(agentId, 'parcel couriers')).toEqual(['Delivery'])
    await database.prisma.text.delete({ where: { id: added.Delivery } })
    expect(await titlesFound(agentId, 'parcel couriers')).toEqual([])
    expect(await titlesFound(agentId, 'shop opens')).toEqual(['Hours'])
    await database.prisma.text.delete({ where: { id: ids.Hours } })
    expect(await titlesFound(agentId, 'shop opens')).toEqual([])
  })

  it('stay exact through additions, rewrites and deletions made after they were read', async () => {
    const { agentId, ids } = await agentWith({
      Hours: 'The shop opens at nine every morning.',
      Watch: 'This watch comes with a leather strap and a warranty card.',
    })
    const questions = ['shop opens morning', 'leather strap warranty', 'couriers parcel', 'titanium hinge']
    const expectSameAsSql = async (step: string) => {
      for (const question of questions) {
        const search = (inMemory: boolean) =>
          searchFullText(database, { agentId, question, options: { limit: 10, minCoverage: 0, inMemory } })
        const [inSql, inMemory] = [await search(false), await search(true)]
        expect(
          inMemory.map((hit) => hit.chunkId),
          `${step}: ${question}`,
        ).toEqual(inSql.map((hit) => hit.chunkId))
        inMemory.forEach((hit, place) => expect(hit.score).toBeCloseTo(inSql[place]?.score ?? NaN, 9))
      }
    }
    await expectSameAsSql('read')
    const { ids: added } = await addTexts(agentId, { Delivery: 'Couriers bring every parcel in two days.' })
    await expectSameAsSql('added')
    await database.prisma.$executeRaw`
      update knowledge_chunks
      set search_vector = to_tsvector('english', 'The titanium hinge is guaranteed for life.'), term_count = 4
      where text_id = ${ids.Watch}::uuid`
    await expectSameAsSql('rewritten')
    expect(await titlesFound(agentId, 'titanium hinge')).toEqual(['Watch'])
    expect(await titlesFound(agentId, 'leather strap')).toEqual([])
    await addTexts(agentId, { Straps: 'Every strap is leather.' })
    await database.prisma.text.delete({ where: { id: added.Delivery } })
    await expectSameAsSql('deleted')
    expect(await titlesFound(agentId, 'couriers parcel')).toEqual([])
  })

  it('see what another process changed (PostgreSQL: a second server on the same database)', async () => {
    // The embedded database has one process by construction.
    if (!location.DATABASE_URL) return
    const other = await openDatabaseAt(location)
    try {
      const { agentId } = await agentWith({ Hours: 'The shop opens at nine every morning.' })
      const search = async () => {
        const hits = await searchFullText(other, {
          agentId,
          question: 'parcel couriers',
          options: { limit: 5, minCoverage: 0 },
        })
        return hits.length
      }
      expect(await search()).toBe(0)
      const { ids } = await addTexts(agentId, { Delivery: 'Couriers bring every parcel in two days.' })
      expect(await search()).toBe(1)
      await database.prisma.text.delete({ where: { id: ids.Delivery } })
      expect(await search()).toBe(0)
    } finally {
      await other.close()
    }
  })
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

describe('index statistics', () => {
  it('stay exact through inserts and deletes, cascades included', async () => {
    const { agentId, ids } = await agentWith({
      One: 'First passage about apples.',
      Two: 'Second passage about pears and apples.',
    })
    const stats = async () => database.prisma.knowledgeIndexStat.findMany({ where: { agentId } })
    const totals = async () => {
      const rows = await stats()
      return {
        chunks: rows.reduce((sum, row) => sum + Number(row.chunkCount), 0),
        terms: rows.reduce((sum, row) => sum + Number(row.termTotal), 0),
      }
    }
    const counted = async () => {
      const truth = await database.prisma.knowledgeChunk.aggregate({
        where: { agentId },
        _count: true,
        _sum: { termCount: true },
      })
      return { chunks: truth._count, terms: truth._sum.termCount ?? 0 }
    }
    expect((await counted()).chunks).toBe(2)
    expect(await totals()).toEqual(await counted())
    await database.prisma.text.delete({ where: { id: ids.One } })
    expect((await counted()).chunks).toBe(1)
    expect(await totals()).toEqual(await counted())
    const apples = async () =>
      Number(
        (await database.prisma.knowledgeTermStat.findUnique({ where: { agentId_lexeme: { agentId, lexeme: 'appl' } } }))
          ?.documentCount ?? -1,
      )
    const pears = async () =>
      Number(
        (await database.prisma.knowledgeTermStat.findUnique({ where: { agentId_lexeme: { agentId, lexeme: 'pear' } } }))
          ?.documentCount ?? -1,
      )
    expect(await apples()).toBe(1)
    expect(await pears()).toBe(1)
    await database.prisma.text.delete({ where: { id: ids.Two } })
    expect(await apples()).toBe(0)
    await database.prisma.agent.delete({ where: { id: agentId } })
    expect(await stats()).toEqual([])
    expect(await database.prisma.knowledgeTermStat.count({ where: { agentId } })).toBe(0)
  })
})
