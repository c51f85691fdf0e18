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

/** Lucene's idf: log(1 + (N - df + 0.5) / (df + 0.5)). */
export const luceneIdf = (passages: number, documentCount: number) =>
  Math.log(1 + (passages - documentCount + 0.5) / (documentCount + 0.5))
