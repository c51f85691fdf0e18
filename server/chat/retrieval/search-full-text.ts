import type { Database } from '../../db/database.ts'
import { Prisma } from '../../db/generated/prisma/client.ts'
import { BM25_DEFAULTS, type Bm25Settings } from './bm25-settings.ts'
import type { RankedChunk } from './passage.ts'
import { anyOfQuery, queryLexemes } from './query-lexemes.ts'

export interface FullTextHit extends RankedChunk {
  /**
   * Share of the question's weight that the passage holds, 0 to 1: the idf of its words found in
   * the passage over that of its words found anywhere in the agent's passages (a word the agent never
   * mentions tells nothing about which passage is relevant).
   */
  coverage: number
}

export interface FullTextOptions {
  limit: number
  /** Passages holding less of the question than this (by idf weight) are left out. */
  minCoverage: number
  bm25?: Bm25Settings
}

/**
 * BM25 over one agent's passages, exact: the GIN index finds every passage holding any word of the
 * question; document frequencies come from those same passages (a passage with the word is always
 * among them), and passage counts and lengths from knowledge_index_stats. Each passage is matched in
 * the terms of its own text-search configuration; statistics are the agent's as a whole, so a short
 * text whose language was misjudged is not scored against a corpus of one.
 */
export async function searchFullText(database: Database, agentId: string, question: string, options: FullTextOptions): Promise<FullTextHit[]> {
  const stats = await database.prisma.knowledgeIndexStat.findMany({ where: { agentId, chunkCount: { gt: 0 } }, select: { language: true } })
  const lexemes = await queryLexemes(database, question, stats.map((stat) => stat.language))
  if (lexemes.length === 0) return []
  const { k1, b } = options.bm25 ?? BM25_DEFAULTS
  const lexemeList = [...new Set(lexemes.map((entry) => entry.lexeme))]
  return database.prisma.$queryRaw<FullTextHit[]>(Prisma.sql`
    with query_terms as (
      select * from unnest(${lexemes.map((entry) => entry.language)}::text[], ${lexemes.map((entry) => entry.lexeme)}::text[]) as term(language, lexeme)
    ),
    stats as (
      select sum(chunk_count)::float8 as n, greatest(sum(term_total)::float8 / greatest(sum(chunk_count), 1), 1) as avgdl
      from knowledge_index_stats where agent_id = ${agentId}::uuid
    ),
    candidates as materialized (
      select id, language, term_count, ts_filter(setweight(search_vector, 'D', ${lexemeList}::text[]), '{D}') as matched
      from knowledge_chunks
      where agent_id = ${agentId}::uuid and search_vector @@ ${anyOfQuery(lexemes)}::tsquery
    ),
    words as materialized (
      select candidate.id, candidate.language, candidate.term_count, word.lexeme, cardinality(word.positions)::float8 as tf
      from candidates candidate, unnest(candidate.matched) word
    ),
    hits as (
      select word.* from words word join query_terms term on term.language = word.language and term.lexeme = word.lexeme
    ),
    document_frequency as (
      select lexeme, count(*)::float8 as df from hits group by lexeme
    ),
    term_weight as (
      select term.language, term.lexeme, ln(1 + (stats.n - coalesce(frequency.df, 0) + 0.5) / (coalesce(frequency.df, 0) + 0.5)) as idf, frequency.df is not null as seen
      from query_terms term
      cross join stats
      left join document_frequency frequency on frequency.lexeme = term.lexeme
    ),
    question_weight as (
      select language, sum(idf) as total from term_weight where seen group by language
    )
    select hit.id::text as "chunkId",
           sum(weight.idf * hit.tf * (${k1}::float8 + 1) / (hit.tf + ${k1}::float8 * (1 - ${b}::float8 + ${b}::float8 * hit.term_count / stats.avgdl))) as score,
           sum(weight.idf) / max(question.total) as coverage
    from hits hit
    join term_weight weight on weight.language = hit.language and weight.lexeme = hit.lexeme
    cross join stats
    join question_weight question on question.language = hit.language
    group by hit.id
    having sum(weight.idf) / max(question.total) >= ${options.minCoverage}::float8
    order by score desc, hit.id
    limit ${options.limit}`)
}
