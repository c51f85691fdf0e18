/**
 * BM25 as Lucene and Anserini compute it. k1 saturates term frequency, b normalises by passage
 * length, and a word of the title counts titleWeight times. Tuned on SciFact's train split only
 * (bench/measure-retrieval.ts), never on its test split.
 */
export interface Bm25Settings {
  k1: number
  b: number
  titleWeight: number
}

export const BM25_DEFAULTS: Bm25Settings = { k1: 0.9, b: 0.4, titleWeight: 1 }
