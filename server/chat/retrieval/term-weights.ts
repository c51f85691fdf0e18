import type { Database } from '../../db/database.ts'
import type { QueryLexeme } from './query-lexemes.ts'

export interface WeightedTerm extends QueryLexeme {
  idf: number
  /** Passages of the agent holding the word. */
  documentCount: number
}

export interface CorpusStats {
  passages: number
  averageLength: number
}

/** The agent's passage count and average length, over every text-search configuration. */
export async function corpusStats(database: Database, agentId: string): Promise<CorpusStats> {
  const totals = await database.prisma.knowledgeIndexStat.aggregate({
    where: { agentId },
    _sum: { chunkCount: true, termTotal: true },
  })
  const passages = Number(totals._sum.chunkCount ?? 0n)
  return { passages, averageLength: Math.max(1, passages > 0 ? Number(totals._sum.termTotal ?? 0n) / passages : 1) }
}

export interface WeightTermsOptions {
  agentId: string
  lexemes: QueryLexeme[]
  stats: CorpusStats
}

/**
 * Lucene's idf for each word of the question that the agent's passages hold; words held by none are
 * dropped (no passage can match them, and they say nothing about which passage is relevant).
 */
export async function weightTerms(
  database: Database,
  { agentId, lexemes, stats }: WeightTermsOptions,
): Promise<WeightedTerm[]> {
  const counts = await database.prisma.knowledgeTermStat.findMany({
    where: { agentId, lexeme: { in: [...new Set(lexemes.map((entry) => entry.lexeme))] }, documentCount: { gt: 0 } },
    select: { lexeme: true, documentCount: true },
  })
  const countOf = new Map(counts.map((count) => [count.lexeme, Number(count.documentCount)]))
  return lexemes.flatMap((entry) => {
    const documentCount = countOf.get(entry.lexeme)
    if (!documentCount) return []
    return [
      { ...entry, documentCount, idf: Math.log(1 + (stats.passages - documentCount + 0.5) / (documentCount + 0.5)) },
    ]
  })
}
