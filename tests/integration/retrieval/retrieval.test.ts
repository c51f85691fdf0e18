// @database-specific: full-text and vector search
// BM25 full-text ranking, the SQL search's pruning, and the statistics it reads.
import { beforeAll, describe, expect, it } from 'vitest'
import { searchFullText } from '../../../server/chat/retrieval/search-full-text.ts'
import { useRetrievalTestbed, filler } from '../../support/retrieval-testbed.ts'
import type { Database } from '../../../server/db/database.ts'

const { bed, agentWith, titlesFound } = useRetrievalTestbed()
let database: Database
beforeAll(() => {
  ;({ database } = bed)
})

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
