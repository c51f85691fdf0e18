import type { HeldPassages } from './held-passages.ts'
import { scorePassageIndex, type IndexScoringRequest } from './score-passage-index.ts'
import type { FullTextHit } from './score-passages.ts'

const byScoreThenId = (one: FullTextHit, other: FullTextHit) =>
  other.score - one.score || (one.chunkId < other.chunkId ? -1 : one.chunkId > other.chunkId ? 1 : 0)

/**
 * BM25 over held passages: the base (less what was written again) and the changed passages, each
 * ranked alone, then merged; the best `limit` of either list include the best of both together.
 */
export function scoreHeldPassages(
  held: HeldPassages,
  request: Omit<IndexScoringRequest, 'index' | 'skip'>,
): FullTextHit[] {
  const base = scorePassageIndex({ ...request, index: held.base, skip: held.replaced })
  if (!held.changed) return base
  const changed = scorePassageIndex({ ...request, index: held.changed })
  return [...base, ...changed].sort(byScoreThenId).slice(0, request.limit)
}
