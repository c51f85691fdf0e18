import { describe, expect, it } from 'vitest'
import { BM25_DEFAULTS } from './bm25-settings.ts'
import { createPassageIndexBuilder } from './passage-index.ts'
import { scorePassageIndex } from './score-passage-index.ts'
import { luceneIdf } from './term-weights.ts'

function indexOf(passages: { id: string; language: string; vector: string; length: number }[]) {
  const builder = createPassageIndexBuilder()
  for (const passage of passages) builder.add(passage)
  return builder.finish()
}

const index = indexOf([
  { id: 'a', language: 'english', vector: "'watch':1,4 'strap':2", length: 4 },
  { id: 'b', language: 'english', vector: "'watch':3", length: 8 },
  { id: 'c', language: 'german', vector: "'watch':1 'uhr':2", length: 2 },
  { id: 'd', language: 'english', vector: "'box':1", length: 2 },
])
const stats = { passages: 4, averageLength: 4 }
const term = (language: string, lexeme: string, documentCount: number) => ({
  language,
  lexeme,
  documentCount,
  idf: luceneIdf(4, documentCount),
})
const bm25 = (idf: number, tf: number, length: number) => {
  const { k1, b } = BM25_DEFAULTS
  return (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * length) / stats.averageLength))
}

describe('scorePassageIndex', () => {
  it('sums BM25 over the words each passage holds in its own configuration, best first', () => {
    const terms = [term('english', 'watch', 3), term('english', 'strap', 1)]
    const hits = scorePassageIndex({ index, terms, stats, bm25: BM25_DEFAULTS, limit: 10, minCoverage: 0 })
    expect(hits.map((hit) => hit.chunkId)).toEqual(['a', 'b'])
    const [watch, strap] = terms.map((entry) => entry.idf) as [number, number]
    expect(hits[0]?.score).toBeCloseTo(bm25(watch, 2, 4) + bm25(strap, 1, 4), 12)
    expect(hits[1]?.score).toBeCloseTo(bm25(watch, 1, 8), 12)
    expect(hits[1]?.coverage).toBeCloseTo(watch / (watch + strap), 12)
  })

  it('leaves out passages under the coverage floor, keeps the limit, and breaks ties by id', () => {
    const terms = [term('english', 'watch', 3), term('english', 'strap', 1)]
    const covered = scorePassageIndex({ index, terms, stats, bm25: BM25_DEFAULTS, limit: 10, minCoverage: 0.9 })
    expect(covered.map((hit) => hit.chunkId)).toEqual(['a'])
    const twins = indexOf([
      { id: 'x', language: 'simple', vector: "'same':1", length: 1 },
      { id: 'y', language: 'simple', vector: "'same':1", length: 1 },
    ])
    const same = [{ language: 'simple', lexeme: 'same', documentCount: 2, idf: 0.5 }]
    const request = { terms: same, stats: { passages: 2, averageLength: 1 }, bm25: BM25_DEFAULTS, minCoverage: 0 }
    expect(scorePassageIndex({ index: twins, ...request, limit: 1 }).map((hit) => hit.chunkId)).toEqual(['x'])
    expect(scorePassageIndex({ index: twins, ...request, limit: 0 })).toEqual([])
  })

  it('starts each question from zero (its sums are reused between questions)', () => {
    const terms = [term('german', 'uhr', 1)]
    const first = scorePassageIndex({ index, terms, stats, bm25: BM25_DEFAULTS, limit: 10, minCoverage: 0 })
    const again = scorePassageIndex({ index, terms, stats, bm25: BM25_DEFAULTS, limit: 10, minCoverage: 0 })
    expect(again).toEqual(first)
    expect(first.map((hit) => hit.chunkId)).toEqual(['c'])
  })
})
