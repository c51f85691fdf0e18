import type { Database } from '../../db/database.ts'
import { luceneIdf, type CorpusStats, type WeightedTerm } from './term-weights.ts'

/** What retrieval needs to know before searching, read in one statement. */
export interface QuestionPlan {
  agentId: string
  /** Grows with every change to the agent's passages (the sum of knowledge_index_stats.version). */
  version: bigint
  stats: CorpusStats
  /** Passages with a vector: none, and the question need not be embedded. */
  embeddedCount: number
  /**
   * The question's words as each text-search configuration in use normalises them (stemming and stop
   * words per language, so a passage is matched in its own language's terms), with Lucene's idf; words
   * no passage holds are left out.
   */
  terms: WeightedTerm[]
}

interface PlanRow {
  passages: number
  termTotal: number
  embedded: number
  version: string
  language: string | null
  lexeme: string | null
  documentCount: number | null
}

export interface ReadQuestionPlanOptions {
  agentId: string
  question: string
}

/**
 * The agent's index statistics (passage count, total length, vectors, version), the question's words
 * in every configuration its passages use, and their document frequencies: one statement.
 */
export async function readQuestionPlan(
  database: Database,
  { agentId, question }: ReadQuestionPlanOptions,
): Promise<QuestionPlan> {
  const rows = await database.prisma.$queryRaw<PlanRow[]>`
    with stats as (
      select language, chunk_count, term_total, embedded_count, version
      from knowledge_index_stats where agent_id = ${agentId}::uuid
    ),
    totals as (
      select coalesce(sum(chunk_count), 0)::float8 as passages, coalesce(sum(term_total), 0)::float8 as "termTotal",
             coalesce(sum(embedded_count), 0)::float8 as embedded, coalesce(sum(version), 0)::text as version
      from stats
    ),
    words as (
      select distinct stats.language, word as lexeme
      from stats, unnest(tsvector_to_array(to_tsvector(stats.language::regconfig, ${question}))) word
      where stats.chunk_count > 0
    )
    select totals.*, words.language, words.lexeme, term.document_count::float8 as "documentCount"
    from totals
    left join words on true
    left join knowledge_term_stats term
      on term.agent_id = ${agentId}::uuid and term.lexeme = words.lexeme and term.document_count > 0`
  const first = rows[0] as PlanRow
  const passages = first.passages
  const stats = { passages, averageLength: Math.max(1, passages > 0 ? first.termTotal / passages : 1) }
  const terms = rows.flatMap(({ language, lexeme, documentCount }) =>
    language !== null && lexeme !== null && documentCount
      ? [{ language, lexeme, documentCount, idf: luceneIdf(passages, documentCount) }]
      : [],
  )
  return { agentId, version: BigInt(first.version), stats, embeddedCount: first.embedded, terms }
}
