// Test projects: every suite on the embedded PGlite; the integration files whose outcome can differ by
// database again on PostgreSQL when TEST_DATABASE_URL is set; browser tests in Debian's Chromium.
import { globSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import type { TestProjectInlineConfiguration } from 'vitest/config'

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

// V8's code cache for the modules Node loads itself (node_modules in the workers, every module of a spawned
// server or worker): kept across runs under node_modules/.cache, it spares each process compiling them again.
process.env.NODE_COMPILE_CACHE ??= fileURLToPath(new URL('node_modules/.cache/node-compile-cache', import.meta.url))

// A file runs on PostgreSQL too when its first line is `// @database-specific: <why>` (raw SQL, locks,
// NOTIFY, races between connections or processes, search, migrations, a branch on the database kind):
// docs/architecture.md, "Tests"; tests/integration/database-specific-marks.test.ts checks the obvious ones.
const DATABASE_SPECIFIC_MARK = '// @database-specific:'
const databaseSpecificFiles = globSync('tests/integration/**/*.test.ts').filter((file) =>
  readFileSync(file, 'utf8').startsWith(DATABASE_SPECIFIC_MARK),
)

const embedded: TestProjectInlineConfiguration = {
  test: {
    name: 'pglite',
    include: [
      'server/**/*.test.ts',
      'shared/**/*.test.ts',
      'dashboard/src/**/*.test.ts',
      'widget/src/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'tests/tooling/**/*.test.ts',
    ],
    globalSetup: ['tests/support/prepare-embedded-template.ts'],
    provide: { databaseKind: 'embedded' },
  },
}

const postgres: TestProjectInlineConfiguration = {
  test: {
    name: 'postgres',
    include: databaseSpecificFiles,
    globalSetup: ['tests/support/prepare-postgres-template.ts'],
    provide: { databaseKind: 'postgres' },
  },
}

const e2e: TestProjectInlineConfiguration = {
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/support/prepare-embedded-template.ts', 'tests/support/build-dashboard-once.ts'],
    provide: { databaseKind: 'embedded' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A page on a busy CI machine may take seconds to follow: expect.poll's own 1 s is too short here.
    expect: { poll: { timeout: 15_000 } },
  },
}

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Three workers on two cores: the suite waits on browsers, spawned servers and polls (two workers kept
    // the CPU 100 % busy of 200 %). Measured whole on this 2-core machine: 2 workers 768 s, 3 workers
    // 635 s, 4 workers 710 s (decision 052).
    maxWorkers: 3,
    // Files in a worker share its module cache: the server's modules are imported once per worker, not
    // once per file (a third of the suite's time went to imports). Every file borrows a database no one else holds (reset between borrowers),
    // app and servers, so nothing a test reads is shared; no suite mocks modules.
    isolate: false,
    projects: onPostgres ? [embedded, postgres, e2e] : [embedded, e2e],
  },
})
