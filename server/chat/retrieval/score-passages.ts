import type { Database } from '../../db/database.ts'
import { Prisma } from '../../db/generated/prisma/client.ts'
import type { Bm25Settings } from './bm25-settings.ts'
import type { RankedChunk } from './passage.ts'
import { anyOfQuery } from './query-lexemes.ts'
import type { CorpusStats, WeightedTerm } from './term-weights.ts'

export interface FullTextHit extends RankedChunk {
  /**
   * Share of the question's weight that the passage holds, 0 to 1: the idf of its words found in the
   * passage over that of all its words the agent's passages hold.
   */
  coverage: number
}

export interface ScoringRequest {
  agentId: string
  terms: WeightedTerm[]
  /** Only passages holding one of these words are scored (all of `terms` count in their score). */
  candidateTerms: WeightedTerm[]
  stats: CorpusStats
  bm25: Bm25Settings
  limit: number
  minCoverage: number
}

/**
 * BM25 of the passages holding any candidate word, best first: term frequencies read from each
 * passage's tsvector (filtered to the question's words before unnesting), each passage matched in its
 * own text-search configuration's words.
 */
export async function scorePassages(database: Database, request: ScoringRequest): Promise<FullTextHit[]> {
  const { terms, bm25, stats } = request
  const lexemes = [...new Set(terms.map((term) => term.lexeme))]
  return database.prisma.$queryRaw<FullTextHit[]>(Prisma.sql`
    with query_terms as (
      select * from unnest(${terms.map((term) => term.language)}::text[], ${terms.map((term) => term.lexeme)}::text[], ${terms.map((term) => term.idf)}::float8[]) as term(language, lexeme, idf)
    ),
    question_weight as (
      select language, sum(idf) as total from query_terms group by language
    ),
    candidates as materialized (
      select id, language, term_count, ts_filter(setweight(search_vector, 'D', ${lexemes}::text[]), '{D}') as matched
      from knowledge_chunks
      where agent_id = ${request.agentId}::uuid and search_vector @@ ${anyOfQuery(request.candidateTerms)}::tsquery
    ),
    words as materialized (
      select candidate.id, candidate.language, candidate.term_count, word.lexeme, cardinality(word.positions)::float8 as tf
      from candidates candidate, unnest(candidate.matched) word
    )
    select word.id::text as "chunkId",
           sum(term.idf * word.tf * (${bm25.k1}::float8 + 1) / (word.tf + ${bm25.k1}::float8 * (1 - ${bm25.b}::float8 + ${bm25.b}::float8 * word.term_count / ${stats.averageLength}::float8))) as score,
           sum(term.idf) / max(question.total) as coverage
    from words word
    join query_terms term on term.language = word.language and term.lexeme = word.lexeme
    join question_weight question on question.language = word.language
    group by word.id
    having sum(term.idf) / max(question.total) >= ${request.minCoverage}::float8
    order by score desc, word.id
    limit ${request.limit}`)
}
