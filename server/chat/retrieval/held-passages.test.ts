import { describe, expect, it } from 'vitest'
import { BM25_DEFAULTS } from './bm25-settings.ts'
import { applyPassageChanges, holdPassages } from './held-passages.ts'
import { createPassageIndexBuilder } from './passage-index.ts'
import { scoreHeldPassages } from './score-held-passages.ts'

const row = (id: string, vector: string) => ({ id, language: 'simple', length: 2, vector })

function held() {
  const builder = createPassageIndexBuilder()
  for (const passage of [row('a', "'red':1 'watch':2"), row('b', "'blue':1 'watch':2"), row('c', '')]) {
    builder.add(passage)
  }
  return holdPassages({ index: builder.finish(), version: 3n, watermark: '100' })
}

const changes = (passages: number, rows: ReturnType<typeof row>[]) => ({
  version: 4n,
  passages,
  watermark: '105',
  rows,
})

const idsFound = (passages: ReturnType<typeof held>, lexeme: string) =>
  scoreHeldPassages(passages, {
    terms: [{ language: 'simple', lexeme, documentCount: 1, idf: 1 }],
    stats: { passages: 3, averageLength: 2 },
    bm25: BM25_DEFAULTS,
    limit: 10,
    minCoverage: 0,
  }).map((hit) => hit.chunkId)

describe('applyPassageChanges', () => {
  it('ranks rewritten passages by their new words and added ones beside the rest', () => {
    const next = applyPassageChanges(
      held(),
      changes(4, [row('a', "'green':1 'watch':2"), row('c', "'red':1"), row('d', "'red':1 'watch':1")]),
    )
    expect(next?.version).toBe(4n)
    expect(next?.watermark).toBe('105')
    expect(next && idsFound(next, 'red')).toEqual(['c', 'd'])
    expect(next && idsFound(next, 'green')).toEqual(['a'])
    expect(next && idsFound(next, 'watch').sort()).toEqual(['a', 'b', 'd'])
  })

  it('takes rows seen before again without counting them twice', () => {
    const once = applyPassageChanges(held(), changes(4, [row('d', "'red':1")]))
    const twice = once && applyPassageChanges(once, changes(4, [row('d', "'red':1")]))
    expect(twice?.passages).toBe(4)
    expect(twice && idsFound(twice, 'red')).toEqual(['a', 'd'])
  })

  it('gives up when a passage was deleted (the count falls short)', () => {
    expect(applyPassageChanges(held(), changes(2, []))).toBeNull()
    expect(applyPassageChanges(held(), changes(3, [row('d', "'red':1")]))).toBeNull()
  })
})
