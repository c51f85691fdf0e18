import type { Database } from '../../db/database.ts'
import type { Embedder } from '../../knowledge/indexing/create-embedder.ts'
import type { Logger } from '../../logging/create-logger.ts'
import { fuseRankings } from './fuse-rankings.ts'
import type { Passage, RankedChunk } from './passage.ts'
import { rankFullText } from './rank-full-text.ts'
import { planQuestion, readPassages } from './kept-retrieval-reads.ts'
import type { QuestionPlan } from './read-question-plan.ts'
import type { VectorSearch } from './search-vectors.ts'

export interface Retriever {
  database: Database
  embedder: Embedder | null
  vectors: VectorSearch
  logger: Logger
  topK: number
  minSimilarity: number
}

// Each retriever proposes this many passages to the fusion.
const CANDIDATES_PER_RETRIEVER = 40
// A passage must hold at least this share of the question's weight (the idf of its words): one
// common word in common is not relevance.
const MIN_COVERAGE = 0.3
// Full-text passages scoring under this share of the best one are the tail of noise, not answers.
const MIN_SHARE_OF_BEST = 0.2
// Retrieval reads the start of very long messages only.
const QUESTION_CHARACTERS = 2_000

async function vectorHits(retriever: Retriever, plan: QuestionPlan, question: string): Promise<RankedChunk[]> {
  if (!retriever.embedder || plan.embeddedCount === 0) return []
  const { agentId } = plan
  try {
    const [vector] = await retriever.embedder.embed([question])
    if (!vector) return []
    return await retriever.vectors.search({
      agentId,
      vector,
      model: retriever.embedder.model,
      limit: CANDIDATES_PER_RETRIEVER,
      minSimilarity: retriever.minSimilarity,
      indexVersion: plan.version,
      embeddedCount: plan.embeddedCount,
    })
  } catch (error) {
    // The embedding endpoint failing must not silence the agent: full text still answers.
    retriever.logger.warn({ err: error, agentId }, 'question embedding failed; answering from full-text search alone')
    return []
  }
}

export interface RetrievePassagesOptions {
  retriever: Retriever
  agentId: string
  question: string
  limit?: number
}

/**
 * The passages of one agent that answer a question, best first: BM25 full text and, when the agent's
 * passages have vectors, cosine similarity, fused by reciprocal rank. Passages under either
 * retriever's relevance floor are never returned, so an unrelated question gets none. Statements:
 * the plan and the passages' content (none when this process keeps them), the SQL search between them
 * when it does not hold the agent's passages in memory, and one more for the vector search.
 */
export async function retrievePassages({
  retriever,
  agentId,
  question,
  limit = retriever.topK,
}: RetrievePassagesOptions): Promise<Passage[]> {
  const text = question.slice(0, QUESTION_CHARACTERS)
  // One statement plans both searches: the question's words, their weights, and whether vectors exist.
  const plan = await planQuestion(retriever.database, { agentId, question: text })
  const [fullText, vectors] = await Promise.all([
    rankFullText(retriever.database, {
      plan,
      options: { limit: CANDIDATES_PER_RETRIEVER, minCoverage: MIN_COVERAGE },
    }),
    vectorHits(retriever, plan, text),
  ])
  const best = fullText[0]?.score ?? 0
  const relevantText = fullText.filter((hit) => hit.score >= best * MIN_SHARE_OF_BEST)
  const fused = fuseRankings([relevantText, vectors]).slice(0, limit)
  if (fused.length === 0) return []
  const passages = await readPassages(retriever.database, { agentId, chunkIds: fused.map((hit) => hit.chunkId) })
  return fused.flatMap((hit) => {
    const passage = passages.get(hit.chunkId)
    if (!passage) return [] // deleted between the search and now
    const { agentId: _agent, ...cited } = passage
    return [{ ...cited, score: hit.score }]
  })
}

/**
 * Retrieval begun ahead of need, while the message is saved: it needs only the agent and the words. A
 * failure reaches the answer that awaits it; a message refused never does, and its failure is dropped.
 */
export function beginRetrieval(options: RetrievePassagesOptions): Promise<Passage[]> {
  const passages = retrievePassages(options)
  passages.catch(() => {})
  return passages
}
