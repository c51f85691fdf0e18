import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { retrievePassages, type Retriever } from '../../../server/chat/retrieval/retrieve-passages.ts'
import { searchFullText } from '../../../server/chat/retrieval/search-full-text.ts'
import { createVectorSearch } from '../../../server/chat/retrieval/search-vectors.ts'
import type { Database } from '../../../server/db/database.ts'
import { detectVectorSearch } from '../../../server/db/detect-vector-search.ts'
import { createEmbedder, type Embedder } from '../../../server/knowledge/indexing/create-embedder.ts'
import { indexSections } from '../../../server/knowledge/indexing/index-sections.ts'
import { replaceSections } from '../../../server/knowledge/indexing/replace-sections.ts'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { testConfig } from '../../support/create-test-app.ts'
import { createTestDatabase } from '../../support/create-test-database.ts'
import { startFakeOpenAi } from '../../support/fake-openai.ts'

let database: Database
let cleanup: () => Promise<void>
let embeddings: Awaited<ReturnType<typeof startFakeOpenAi>>
let embedder: Embedder
let accountId: string

beforeAll(async () => {
  const created = await createTestDatabase()
  database = created.database
  cleanup = created.cleanup
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
  const ids: Record<string, string> = {}
  for (const [title, content] of Object.entries(texts)) {
    const text = await database.prisma.text.create({ data: { accountId, agentId: agent.id, title, content } })
    const item = { type: 'text' as const, id: text.id, agentId: agent.id, accountId }
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
  return { agentId: agent.id, ids }
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
          },
        })
        const pruned = await searchFullText(database, {
          agentId,
          question,
          options: {
            limit,
            minCoverage: 0,
            firstPassPassages: 5,
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
