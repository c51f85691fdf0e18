import type { Database, VectorSearchMode } from './database.ts'

/**
 * pgvector when the extension is installed or can be, otherwise in-process search over the portable
 * real[] column. Debian's PostgreSQL 15 has no pgvector package; the product still works there.
 */
export async function detectVectorSearch(database: Database): Promise<VectorSearchMode> {
  return database.withRawConnection(async (query) => {
    const installed = async () => (await query(`select 1 from pg_extension where extname = 'vector'`)).rows.length > 0
    if (await installed()) return 'pgvector'
    const available = (await query(`select 1 from pg_available_extensions where name = 'vector'`)).rows.length > 0
    if (!available) return 'in-process'
    try {
      await query('create extension if not exists vector')
    } catch {
      return 'in-process' // available but this role may not create extensions
    }
    return (await installed()) ? 'pgvector' : 'in-process'
  })
}
