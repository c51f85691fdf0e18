import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const PRISMA_DIR = fileURLToPath(new URL('../../../prisma/', import.meta.url))
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../prisma/migrations/', import.meta.url))

export function readPrismaSchema() {
  const path = `${PRISMA_DIR}schema.prisma`
  return { path: 'schema.prisma', content: readFileSync(path, 'utf8') }
}
