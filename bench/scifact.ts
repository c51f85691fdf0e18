// BEIR SciFact (../shared/bench/scifact): the corpus, queries and relevance judgements, and the two
// measures its README asks for, nDCG@10 and Recall@100, computed as BEIR's evaluation does (binary
// relevance, the judged relevance used as gain).
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const DIR = fileURLToPath(new URL('../../shared/bench/scifact/', import.meta.url))

export interface CorpusDocument {
  _id: string
  title: string
  text: string
}

const readJsonLines = <T>(file: string) =>
  readFileSync(DIR + file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T)

export function readSciFactCorpus(): CorpusDocument[] {
  return readJsonLines<CorpusDocument>('corpus.jsonl')
}

/** The queries of a split that have judgements, with their relevant documents and gains. */
export function readSciFactSplit(split: 'train' | 'test') {
  const texts = new Map(
    readJsonLines<{ _id: string; text: string }>('queries.jsonl').map((query) => [query._id, query.text]),
  )
  const judged = new Map<string, Map<string, number>>()
  for (const line of readFileSync(`${DIR}qrels/${split}.tsv`, 'utf8').split(/\r?\n/).slice(1)) {
    const [queryId, documentId, score] = line.split('\t')
    if (!queryId || !documentId) continue
    const gains = judged.get(queryId) ?? new Map<string, number>()
    gains.set(documentId, Number(score))
    judged.set(queryId, gains)
  }
  return [...judged].map(([id, relevant]) => ({ id, text: texts.get(id) ?? '', relevant }))
}

export function ndcgAt(k: number, ranked: string[], relevant: Map<string, number>): number {
  const dcg = ranked.slice(0, k).reduce((sum, id, index) => sum + (relevant.get(id) ?? 0) / Math.log2(index + 2), 0)
  const ideal = [...relevant.values()]
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, gain, index) => sum + gain / Math.log2(index + 2), 0)
  return ideal === 0 ? 0 : dcg / ideal
}

export function recallAt(k: number, ranked: string[], relevant: Map<string, number>): number {
  const wanted = [...relevant].filter(([, gain]) => gain > 0).map(([id]) => id)
  if (wanted.length === 0) return 0
  const top = new Set(ranked.slice(0, k))
  return wanted.filter((id) => top.has(id)).length / wanted.length
}

/** Passages ranked best first, folded into documents ranked by their best passage. */
export function rankDocuments(passageDocumentIds: string[]): string[] {
  return [...new Set(passageDocumentIds)]
}
