import { Writable } from 'node:stream'
import supertest from 'supertest'
import { createHttpApp, type HttpAppOptions } from '../../server/http/create-http-app.ts'
import type { Config } from '../../server/config/config.schemas.ts'
import { loadConfig } from '../../server/config/load-config.ts'
import { createLogger } from '../../server/logging/create-logger.ts'
import { createTestDatabase } from './create-test-database.ts'

/** Collects the logger's JSON lines so a test can read what the server logged. */
function captureLogLines() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  return { lines, stream }
}

export function testConfig(overrides: Record<string, string | undefined> = {}): Config {
  // Real argon2id at a light cost: the standard one spent minutes of the suite hashing sign-up passwords.
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', PASSWORD_HASH_COST: 'light', ...overrides })
}

/** The real Express app on a fresh migrated database of this project's kind, driven in-process. */
export async function createTestApp(
  configOverrides: Record<string, string | undefined> = {},
  { clock, shopAdmin }: Pick<HttpAppOptions, 'clock' | 'shopAdmin'> = {},
) {
  const poolSize = configOverrides.DATABASE_POOL_SIZE ? Number(configOverrides.DATABASE_POOL_SIZE) : undefined
  const testDatabase = await createTestDatabase({ poolSize })
  const config = testConfig({
    DATA_DIR: testDatabase.location.DATA_DIR,
    DATABASE_URL: testDatabase.location.DATABASE_URL,
    ...configOverrides,
  })
  const { lines: logLines, stream } = captureLogLines()
  const app = await createHttpApp({
    config,
    database: testDatabase.database,
    logger: createLogger(config, stream),
    clock,
    shopAdmin,
  })
  const cleanup = async () => {
    await app.close()
    await testDatabase.cleanup()
  }
  return { app, request: supertest(app), database: testDatabase.database, config, logLines, cleanup }
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>
