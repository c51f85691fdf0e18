// Runs `prisma generate` offline: generation never starts the schema engine, but the CLI insists that
// one exists, so PRISMA_SCHEMA_ENGINE_BINARY points at any existing file (this one).
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const prismaCli = createRequire(import.meta.url).resolve('prisma/build/index.js')
const result = spawnSync(process.execPath, [prismaCli, 'generate'], {
  stdio: 'inherit',
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: fileURLToPath(import.meta.url), PRISMA_HIDE_UPDATE_MESSAGE: '1' },
})
process.exit(result.status ?? 1)
