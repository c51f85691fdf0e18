import type { Database } from '../../db/database.ts'
import { agentState } from './agent-state.ts'
import { createPassageIndexBuilder, type PassageIndex } from './passage-index.ts'
import type { PassageRow } from './read-passage-changes.ts'

// Passages read per statement: on the embedded database each statement holds the event loop (about
// a quarter of a second for 5,000 SciFact passages).
const PAGE_PASSAGES = 5_000
const YIELD_EVERY = 1_000
const BEFORE_ALL_IDS = '00000000-0000-0000-0000-000000000000'

interface PageRow extends PassageRow {
  version: string
  watermark: string
}

/** An index read from the database, with the version it holds and where later changes start. */
export interface LoadedPassages {
  index: PassageIndex
  version: bigint
  /** Rows written by transactions from this one on may be missing: the next changes are read from here. */
  watermark: string
}

/**
 * Reads one agent's passages into an index, a page at a time in id order. Each page also reads the
 * agent's index version; when the first and the last disagree, a change landed in between and the
 * pages may not fit together, so nothing is returned (the caller searches in SQL meanwhile).
 */
export async function loadPassageIndex(database: Database, agentId: string): Promise<LoadedPassages | null> {
  const builder = createPassageIndexBuilder()
  const first = await readPage(database, agentId, BEFORE_ALL_IDS)
  let page = first
  for (;;) {
    for (const [at, row] of page.rows.entries()) {
      builder.add(row)
      // Reading a page takes a while: requests get their turn in between.
      if (at % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve))
    }
    if (page.rows.length < PAGE_PASSAGES) break
    page = await readPage(database, agentId, (page.rows.at(-1) as PageRow).id)
  }
  if (first.version !== page.version) return null
  return { index: builder.finish(), version: BigInt(page.version), watermark: first.watermark }
}

async function readPage(database: Database, agentId: string, after: string) {
  // The page's ids first, in uuid order, so only they are sorted; then their rows by primary key.
  // Every passage, those not indexed yet included (no words): the index knows how many there are.
  const rows = await database.prisma.$queryRaw<PageRow[]>`
    with page as (
      select id from knowledge_chunks
      where agent_id = ${agentId}::uuid and id > ${after}::uuid
      order by id
      limit ${PAGE_PASSAGES}
    )
    select chunk.id::text as id, chunk.language, chunk.term_count as length,
           coalesce(chunk.search_vector::text, '') as vector, state.version, state.watermark
    from (${agentState(agentId)}) state
    left join (page join knowledge_chunks chunk on chunk.id = page.id) on true
    order by chunk.id`
  // With no passage left, the one row carries the state alone.
  const { version, watermark } = rows[0] as PageRow
  return { rows: rows.filter((row) => row.id !== null), version, watermark }
}
