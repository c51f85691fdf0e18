import type { Bm25Settings } from './bm25-settings.ts'
import type { PassageIndex } from './passage-index.ts'
import type { FullTextHit } from './score-passages.ts'
import type { CorpusStats, WeightedTerm } from './term-weights.ts'

export interface IndexScoringRequest {
  index: PassageIndex
  terms: WeightedTerm[]
  stats: CorpusStats
  bm25: Bm25Settings
  limit: number
  minCoverage: number
  /** Places to leave out (1): passages written again since the index was read. */
  skip?: Uint8Array
}

interface Scratch {
  scores: Float64Array
  weights: Float64Array
  touched: Int32Array
}

// One set of sums per index, reused: scoring never awaits, so two questions never share it at once,
// and a question allocates nothing in proportion to the agent's size.
const scratches = new WeakMap<PassageIndex, Scratch>()

function scratchOf(index: PassageIndex): Scratch {
  let scratch = scratches.get(index)
  if (!scratch) {
    const size = index.ids.length
    scratch = { scores: new Float64Array(size), weights: new Float64Array(size), touched: new Int32Array(size) }
    scratches.set(index, scratch)
  }
  return scratch
}

interface Hit {
  place: number
  score: number
  coverage: number
}

// Places follow id order, so the lower place wins a tie, as the SQL's `order by score desc, id` does.
const ranksBefore = (one: Hit, other: Hit) =>
  one.score > other.score || (one.score === other.score && one.place < other.place)

/** Inserts the hit into `best` (best first, at most `limit` long) if it ranks among them. */
function keepBest(best: Hit[], hit: Hit, limit: number) {
  if (limit <= 0) return
  if (best.length === limit && !ranksBefore(hit, best[best.length - 1] as Hit)) return
  let position = best.length
  while (position > 0 && ranksBefore(hit, best[position - 1] as Hit)) position -= 1
  best.splice(position, 0, hit)
  if (best.length > limit) best.pop()
}

/**
 * BM25 of every passage holding a question word, in memory, best first (ties by id): the same sums as
 * scorePassages, each word counted only in passages of its own text-search configuration, and the
 * same coverage rule. Every posting of the question's words is read, so nothing needs pruning.
 */
export function scorePassageIndex({
  index,
  terms,
  stats,
  bm25,
  limit,
  minCoverage,
  skip,
}: IndexScoringRequest): FullTextHit[] {
  const { scores, weights, touched } = scratchOf(index)
  let touchedCount = 0
  const questionWeight = new Map<string, number>()
  for (const term of terms) questionWeight.set(term.language, (questionWeight.get(term.language) ?? 0) + term.idf)
  const { k1, b } = bm25
  for (const term of terms) {
    const language = index.languages.indexOf(term.language)
    const word = index.words.get(term.lexeme)
    if (language < 0 || !word) continue
    for (let at = word.start; at < word.end; at += 1) {
      const place = index.passages[at] as number
      if (index.languageOf[place] !== language || skip?.[place] === 1) continue
      const tf = index.counts[at] as number
      const length = index.lengths[place] as number
      // Every idf is above 0, so a weight of 0 means the passage was not touched yet.
      if (weights[place] === 0) touched[touchedCount++] = place
      scores[place] =
        (scores[place] as number) +
        (term.idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * length) / stats.averageLength))
      weights[place] = (weights[place] as number) + term.idf
    }
  }
  const best: Hit[] = []
  for (let at = 0; at < touchedCount; at += 1) {
    const place = touched[at] as number
    const total = questionWeight.get(index.languages[index.languageOf[place] as number] as string) ?? 1
    const coverage = (weights[place] as number) / total
    if (coverage >= minCoverage) keepBest(best, { place, score: scores[place] as number, coverage }, limit)
    scores[place] = 0
    weights[place] = 0
  }
  return best.map((hit) => ({ chunkId: index.ids[hit.place] as string, score: hit.score, coverage: hit.coverage }))
}
