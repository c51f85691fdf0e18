// Prisma CLI configuration: only `prisma generate` uses it. Migrations run through server/db/migrations.
import { defineConfig } from 'prisma/config'

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
})
