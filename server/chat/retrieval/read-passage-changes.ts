import type { Database } from '../../db/database.ts'
import { agentState } from './agent-state.ts'

/** A passage as the index reads it. */
export interface PassageRow {
  id: string
  language: string
  length: number
  /** Its tsvector's text ('' before it is indexed). */
  vector: string
}

/** What changed in an agent's passages since a watermark, with its state now. */
export interface PassageChanges {
  version: bigint
  /** How many passages the agent has now. */
  passages: number
  watermark: string
  /** Every passage written (inserted or updated) since the watermark, perhaps some already seen. */
  rows: PassageRow[]
}

interface ChangeRow extends PassageRow {
  version: string
  passages: number
  watermark: string
  isRecent: boolean
}

// VACUUM freezes rows older than vacuum_freeze_min_age (50 million transactions by default), and a
// frozen row reads as the oldest: changes are only read from a watermark far younger than that.
const MAX_WATERMARK_AGE = 10_000_000

export interface ReadPassageChangesOptions {
  agentId: string
  watermark: string
}

/**
 * The agent's passages whose row was written by a transaction at or after the watermark (their
 * xmin's age is at most the watermark's), read with the agent's state in one snapshot. Deletions
 * leave no row: the caller sees them in the passage count. Null when the watermark is too old to trust.
 */
export async function readPassageChanges(
  database: Database,
  { agentId, watermark }: ReadPassageChangesOptions,
): Promise<PassageChanges | null> {
  const rows = await database.prisma.$queryRaw<ChangeRow[]>`
    select chunk.id::text as id, chunk.language, chunk.term_count as length,
           coalesce(chunk.search_vector::text, '') as vector, state.version, state.passages, state.watermark,
           age(${watermark}::xid) < ${MAX_WATERMARK_AGE} as "isRecent"
    from (${agentState(agentId)}) state
    left join knowledge_chunks chunk
      on chunk.agent_id = ${agentId}::uuid and age(chunk.xmin) <= age(${watermark}::xid)
    order by chunk.id`
  const first = rows[0] as ChangeRow
  if (!first.isRecent) return null
  return {
    version: BigInt(first.version),
    passages: first.passages,
    watermark: first.watermark,
    rows: rows.filter((row) => row.id !== null),
  }
}
