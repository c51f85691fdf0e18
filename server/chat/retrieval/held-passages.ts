import type { LoadedPassages } from './load-passage-index.ts'
import { createPassageIndexBuilder, placeOf, type PassageIndex } from './passage-index.ts'
import type { PassageChanges, PassageRow } from './read-passage-changes.ts'

/**
 * An agent's passages as one process holds them: the index read in full (`base`), the base passages
 * written again since (`replaced`), and those rewritten or added since, in a small second index
 * (`changed`, rebuilt from `changedRows` at each change).
 */
export interface HeldPassages {
  version: bigint
  watermark: string
  base: PassageIndex
  replaced: Uint8Array
  changed: PassageIndex | null
  changedRows: Map<string, PassageRow>
  /** How many passages it knows: the agent's count, unless some were deleted since. */
  passages: number
  bytes: number
}

// Changed passages kept beside the base before the whole index is read again: each change rebuilds
// their index, so they stay a small share.
const MIN_CHANGED = 1_000
const CHANGED_SHARE = 0.05

export function holdPassages({ index, version, watermark }: LoadedPassages): HeldPassages {
  return {
    version,
    watermark,
    base: index,
    replaced: new Uint8Array(index.ids.length),
    changed: null,
    changedRows: new Map(),
    passages: index.ids.length,
    bytes: index.bytes + index.ids.length,
  }
}

/**
 * The held passages with the changes applied, or null when they cannot be: a passage was deleted (the
 * count is short of what the held and the added passages make), or too many changed to keep beside
 * the base. Rows seen before are applied again harmlessly.
 */
export function applyPassageChanges(held: HeldPassages, changes: PassageChanges): HeldPassages | null {
  const replaced = held.replaced.slice()
  const changedRows = new Map(held.changedRows)
  let passages = held.passages
  for (const row of changes.rows) {
    const place = placeOf(held.base, row.id)
    if (place >= 0) replaced[place] = 1
    else if (!changedRows.has(row.id)) passages += 1
    changedRows.set(row.id, row)
  }
  if (passages !== changes.passages) return null
  if (changedRows.size > Math.max(MIN_CHANGED, held.base.ids.length * CHANGED_SHARE)) return null
  const builder = createPassageIndexBuilder()
  for (const id of [...changedRows.keys()].sort()) builder.add(changedRows.get(id) as PassageRow)
  const changed = changedRows.size > 0 ? builder.finish() : null
  const rowBytes = [...changedRows.values()].reduce((sum, row) => sum + row.vector.length * 2 + 100, 0)
  return {
    version: changes.version,
    watermark: changes.watermark,
    base: held.base,
    replaced,
    changed,
    changedRows,
    passages,
    bytes: held.base.bytes + replaced.length + (changed?.bytes ?? 0) + rowBytes,
  }
}
