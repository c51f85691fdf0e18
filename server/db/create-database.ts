// The one place that decides which database runs: PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL.
import type { Config } from '../config/config.schemas.ts'
import type { Database } from './database.ts'
import { openEmbeddedDatabase } from './open-embedded-database.ts'
import { openPostgresDatabase } from './open-postgres-database.ts'

export async function createDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE' | 'EMBEDDED_DB_SHARED_BUFFERS'>,
): Promise<Database> {
  if (config.DATABASE_URL) return openPostgresDatabase(config.DATABASE_URL, config.DATABASE_POOL_SIZE)
  return openEmbeddedDatabase(config.DATA_DIR, { sharedBuffers: config.EMBEDDED_DB_SHARED_BUFFERS })
}
