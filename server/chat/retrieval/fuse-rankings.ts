import type { RankedChunk } from './passage.ts'

// The constant of Cormack, Clarke and Büttcher (2009): it damps the weight of the very first ranks.
const RRF_K = 60

/** Reciprocal rank fusion: each list votes 1 / (60 + rank) for its passages; best total first. */
export function fuseRankings(lists: RankedChunk[][]): RankedChunk[] {
  const totals = new Map<string, number>()
  for (const list of lists) {
    list.forEach((hit, index) => totals.set(hit.chunkId, (totals.get(hit.chunkId) ?? 0) + 1 / (RRF_K + index + 1)))
  }
  return [...totals]
    .map(([chunkId, score]) => ({ chunkId, score }))
    .sort((a, b) => b.score - a.score || a.chunkId.localeCompare(b.chunkId))
}
