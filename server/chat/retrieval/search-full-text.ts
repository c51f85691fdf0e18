import type { Database } from '../../db/database.ts'
import { rankFullText, type FullTextOptions } from './rank-full-text.ts'
import { readQuestionPlan } from './read-question-plan.ts'
import type { FullTextHit } from './score-passages.ts'

export type { FullTextHit } from './score-passages.ts'

export interface SearchFullTextOptions {
  agentId: string
  question: string
  options: FullTextOptions
}

/**
 * Exact BM25 over one agent's passages (k1 0.9, b 0.4, Lucene's idf; document frequencies and
 * lengths from knowledge_term_stats and knowledge_index_stats), best first.
 */
export async function searchFullText(
  database: Database,
  { agentId, question, options }: SearchFullTextOptions,
): Promise<FullTextHit[]> {
  const plan = await readQuestionPlan(database, { agentId, question })
  return rankFullText(database, { plan, options })
}
