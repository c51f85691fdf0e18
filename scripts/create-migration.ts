// npm run db:migration -- --name add_something: writes prisma/migrations/<timestamp>_<name>/migration.sql
// from the difference between the existing migrations and prisma/schema.prisma. Offline.
import { mkdirSync, writeFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { generateMigration } from '../server/db/migrations/generate-migration.ts'
import { MIGRATIONS_DIR } from '../server/db/migrations/read-prisma-schema.ts'

const { values } = parseArgs({ options: { name: { type: 'string' } } })
const name = (values.name ?? '')
  .trim()
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, '_')
  .replace(/^_|_$/g, '')
if (!name) {
  console.error('Give the migration a name: npm run db:migration -- --name add_agent_settings')
  process.exit(2)
}

const migration = await generateMigration(name)
if (!migration) {
  console.log('prisma/schema.prisma matches the migrations: nothing to write.')
  process.exit(0)
}
mkdirSync(join(MIGRATIONS_DIR, migration.folderName), { recursive: true })
writeFileSync(join(MIGRATIONS_DIR, migration.folderName, 'migration.sql'), migration.sql)
const lockPath = join(MIGRATIONS_DIR, 'migration_lock.toml')
if (!existsSync(lockPath))
  writeFileSync(lockPath, '# Written by npm run db:migration. Keep it in version control.\nprovider = "postgresql"\n')
console.log(`Wrote prisma/migrations/${migration.folderName}/migration.sql`)
