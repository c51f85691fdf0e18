import type { Database, VectorSearchMode } from './database.ts'

type RawQuery = Parameters<Parameters<Database['withRawConnection']>[0]>[0]

// Retrieval asks for 40 neighbours: a candidate list of 40 (pgvector's default) misses too many of them.
const HNSW_SETTINGS = [
  ['hnsw.iterative_scan', 'strict_order'],
  ['hnsw.ef_search', '100'],
] as const

/**
 * Lets an HNSW index walk on past its first candidates when a filter (the agent) drops them, keeping
 * the distance order (pgvector 0.8's iterative scans), with a wider candidate list. The embedded database has one session, set
 * here; a server's new connections take it from the database's settings, where the role may write
 * them. Without it, a search that comes back short is answered exactly instead.
 */
async function walkPastFilteredRows(database: Database, query: RawQuery) {
  for (const [name, value] of HNSW_SETTINGS) {
    const setting =
      database.kind === 'embedded'
        ? `set ${name} = ${value}`
        : `do $$ begin execute format('alter database %I set ${name} = ${value}', current_database()); end $$`
    // pgvector before 0.8 has no iterative scans; a role that does not own the database may not set them.
    await query(setting).catch(() => {})
  }
}

/**
 * pgvector when the extension is installed or can be, otherwise in-process search over the portable
 * real[] column. Debian's PostgreSQL 15 has no pgvector package; the product still works there.
 */
export async function detectVectorSearch(database: Database): Promise<VectorSearchMode> {
  return database.withRawConnection(async (query) => {
    const installed = async () => (await query(`select 1 from pg_extension where extname = 'vector'`)).rows.length > 0
    const usePgvector = async () => {
      await walkPastFilteredRows(database, query)
      return 'pgvector' as const
    }
    if (await installed()) return usePgvector()
    const available = (await query(`select 1 from pg_available_extensions where name = 'vector'`)).rows.length > 0
    if (!available) return 'in-process'
    try {
      await query('create extension if not exists vector')
    } catch {
      return 'in-process' // available but this role may not create extensions
    }
    return (await installed()) ? usePgvector() : 'in-process'
  })
}
