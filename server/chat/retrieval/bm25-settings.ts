/**
 * BM25 as Lucene and Anserini compute it: k1 saturates term frequency, b normalises by passage
 * length. Anserini's defaults, checked on SciFact's train split only (scratch tuning found nothing
 * better there), never tuned on its test split.
 */
export interface Bm25Settings {
  k1: number
  b: number
}

export const BM25_DEFAULTS: Bm25Settings = { k1: 0.9, b: 0.4 }
