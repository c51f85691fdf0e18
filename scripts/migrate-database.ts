// npm run db:migrate: applies pending migrations to the configured database (PGlite in DATA_DIR, or DATABASE_URL).
import { ConfigError, loadConfig } from '../server/config/load-config.ts'
import { createDatabase } from '../server/db/create-database.ts'
import { applyMigrations } from '../server/db/migrations/apply-migrations.ts'

try {
  const config = loadConfig()
  const database = await createDatabase(config)
  try {
    const applied = await applyMigrations(database)
    console.log(
      applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'The database schema is up to date: nothing applied.',
    )
  } finally {
    await database.close()
  }
  // Explicit exit: the WASM schema engine leaves a timer behind.
  process.exit(0)
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error)
  process.exit(1)
}
