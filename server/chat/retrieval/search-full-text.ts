import type { Database } from '../../db/database.ts'
import { BM25_DEFAULTS, type Bm25Settings } from './bm25-settings.ts'
import { queryLexemes } from './query-lexemes.ts'
import { scorePassages, type FullTextHit } from './score-passages.ts'
import { corpusStats, weightTerms, type WeightedTerm } from './term-weights.ts'

export type { FullTextHit } from './score-passages.ts'

interface FullTextOptions {
  limit: number
  /** Passages holding less of the question than this (by idf weight) are left out. */
  minCoverage: number
  bm25?: Bm25Settings
  /** How many passages the bounding first pass may read (default max(1,000, 10 × limit)). */
  firstPassPassages?: number
}

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

export interface SearchFullTextOptions {
  agentId: string
  question: string
  options: FullTextOptions
}

/**
 * Exact BM25 over one agent's passages. Document frequencies and passage lengths come from
 * knowledge_term_stats and knowledge_index_stats. When the question's words are common, a first pass
 * over the passages of its rarest words finds a score the answer must beat, and the final pass only
 * reads passages holding a word that can still lift one that high: the same top passages as a full
 * scan, for a fraction of the reading.
 */
export async function searchFullText(
  database: Database,
  { agentId, question, options }: SearchFullTextOptions,
): Promise<FullTextHit[]> {
  const languages = await database.prisma.knowledgeIndexStat.findMany({
    where: { agentId, chunkCount: { gt: 0 } },
    select: { language: true },
  })
  const lexemes = await queryLexemes(
    database,
    question,
    languages.map((stat) => stat.language),
  )
  if (lexemes.length === 0) return []
  const stats = await corpusStats(database, agentId)
  const terms = await weightTerms(database, { agentId, lexemes, stats })
  if (terms.length === 0) return []
  const bm25 = options.bm25 ?? BM25_DEFAULTS
  const request = { agentId, terms, stats, bm25, limit: options.limit, minCoverage: options.minCoverage }
  const words = byIdfDescending(terms)
  const firstWords = rarestWithin(words, options.firstPassPassages ?? Math.max(FIRST_PASS_PASSAGES, options.limit * 10))
  const first = await scorePassages(database, { ...request, candidateTerms: firstWords })
  if (firstWords.length === words.length) return first
  // Fewer passages than asked for: nothing to beat yet, every word may matter.
  const threshold = first.length === options.limit ? (first.at(-1)?.score ?? 0) : 0
  const essential = essentialWords(words, threshold, bm25.k1)
  if (essential.length <= firstWords.length) return first
  return scorePassages(database, { ...request, candidateTerms: essential })
}
