import type { Database } from '../../db/database.ts'
import { BM25_DEFAULTS, type Bm25Settings } from './bm25-settings.ts'
import { currentPassageIndex } from './passage-indexes.ts'
import { rankInDatabase } from './rank-in-database.ts'
import type { QuestionPlan } from './read-question-plan.ts'
import { scoreHeldPassages } from './score-held-passages.ts'
import type { FullTextHit } from './score-passages.ts'

export interface FullTextOptions {
  limit: number
  /** Passages holding less of the question than this (by idf weight) are left out. */
  minCoverage: number
  bm25?: Bm25Settings
  /** How many passages the SQL search's bounding first pass may read (default max(1,000, 10 × limit)). */
  firstPassPassages?: number
  /** False: always search in SQL, even when this process holds the agent's passages in memory. */
  inMemory?: boolean
}

export interface RankFullTextOptions {
  plan: QuestionPlan
  options: FullTextOptions
}

/**
 * Exact BM25 over one agent's passages for a question already planned: in memory when this process
 * holds the agent's current passages (no statement at all), otherwise in SQL.
 */
export async function rankFullText(database: Database, { plan, options }: RankFullTextOptions): Promise<FullTextHit[]> {
  if (plan.terms.length === 0) return []
  const request = {
    terms: plan.terms,
    stats: plan.stats,
    bm25: options.bm25 ?? BM25_DEFAULTS,
    limit: options.limit,
    minCoverage: options.minCoverage,
  }
  const held =
    options.inMemory === false
      ? null
      : await currentPassageIndex(database, {
          agentId: plan.agentId,
          version: plan.version,
          passages: plan.stats.passages,
        })
  if (held) return scoreHeldPassages(held, request)
  return rankInDatabase(database, { agentId: plan.agentId, firstPassPassages: options.firstPassPassages, ...request })
}
