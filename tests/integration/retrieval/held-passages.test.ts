// @database-specific: raw SQL and a second connection during retrieval
// Passages held in memory by each process: exact as the SQL search, and current with every change.
import { beforeAll, describe, expect, it } from 'vitest'
import { searchFullText } from '../../../server/chat/retrieval/search-full-text.ts'
import { openDatabaseAt } from '../../support/create-test-database.ts'
import { useRetrievalTestbed } from '../../support/retrieval-testbed.ts'
import type { DatabaseLocation } from '../../support/create-test-database.ts'
import type { Database } from '../../../server/db/database.ts'

const { bed, addTexts, agentWith, titlesFound } = useRetrievalTestbed()
let database: Database
let location: DatabaseLocation
beforeAll(() => {
  ;({ database, location } = bed)
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
