import type { Database } from '../../db/database.ts'
import type { Bm25Settings } from './bm25-settings.ts'
import { scorePassages, type FullTextHit } from './score-passages.ts'
import type { CorpusStats, WeightedTerm } from './term-weights.ts'

// Passages the first, bounding pass may read (times the limit asked for, at least this many).
const FIRST_PASS_PASSAGES = 1_000

function byIdfDescending(terms: WeightedTerm[]) {
  const best = new Map<string, WeightedTerm>()
  for (const term of terms) if ((best.get(term.lexeme)?.idf ?? -1) < term.idf) best.set(term.lexeme, term)
  return [...best.values()].sort((a, b) => b.idf - a.idf)
}

/** The rarest words whose passages together stay within the budget (always at least one word). */
function rarestWithin(words: WeightedTerm[], budget: number): WeightedTerm[] {
  const chosen: WeightedTerm[] = []
  let passages = 0
  for (const word of words) {
    if (chosen.length > 0 && passages + word.documentCount > budget) break
    chosen.push(word)
    passages += word.documentCount
  }
  return chosen
}

/**
 * The words a passage must hold to possibly reach `threshold` (MaxScore): the commonest words whose
 * best possible contributions, idf × (k1 + 1), add up to less than the threshold cannot lift a
 * passage holding only them that far, so they need not find candidates.
 */
function essentialWords(words: WeightedTerm[], threshold: number, k1: number): WeightedTerm[] {
  const ascending = [...words].reverse()
  let bound = 0
  let skipped = 0
  for (const word of ascending) {
    if (bound + word.idf * (k1 + 1) >= threshold) break
    bound += word.idf * (k1 + 1)
    skipped += 1
  }
  return ascending.slice(skipped).reverse()
}

export interface RankInDatabaseOptions {
  agentId: string
  terms: WeightedTerm[]
  stats: CorpusStats
  bm25: Bm25Settings
  limit: number
  minCoverage: number
  /** How many passages the bounding first pass may read (default max(1,000, 10 × limit)). */
  firstPassPassages?: number
}

/**
 * Exact BM25 in SQL over the passages' tsvectors. When the question's words are common, a first pass
 * over the passages of its rarest words finds a score the answer must beat, and the final pass only
 * reads passages holding a word that can still lift one that high: the same top passages as a full
 * scan, for a fraction of the reading.
 */
export async function rankInDatabase(
  database: Database,
  { firstPassPassages, ...request }: RankInDatabaseOptions,
): Promise<FullTextHit[]> {
  const words = byIdfDescending(request.terms)
  const firstWords = rarestWithin(words, firstPassPassages ?? Math.max(FIRST_PASS_PASSAGES, request.limit * 10))
  const first = await scorePassages(database, { ...request, candidateTerms: firstWords })
  if (firstWords.length === words.length) return first
  // Fewer passages than asked for: nothing to beat yet, every word may matter.
  const threshold = first.length === request.limit ? (first.at(-1)?.score ?? 0) : 0
  const essential = essentialWords(words, threshold, request.bm25.k1)
  if (essential.length <= firstWords.length) return first
  return scorePassages(database, { ...request, candidateTerms: essential })
}
