// The PostgreSQL project runs only the files marked `// @database-specific: <why>` on their first line
// (vitest.config.ts). A file that shows it depends on the database must carry the mark, or its PostgreSQL
// half would silently stop running; the mark itself must say why. A file that only looks dependent (it
// starts a server process to test signals or settings) says so with `// @database-independent: <why>`.
import { globSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const MARK = '// @database-specific:'
const INDEPENDENT = '// @database-independent:'

// What shows a file depends on the database: a branch on its kind or its URL, a database or connection
// of its own, raw SQL, or a server or worker process sharing it.
const DEPENDS_ON_DATABASE = [
  /\bdatabaseKind\b/,
  /\bDATABASE_URL\b/,
  /\bcreateDatabaseLocation\b/,
  /\bopenDatabaseAt\b/,
  /\$queryRaw|\$executeRaw|\bwithRawConnection\b/,
  /from 'pg'/,
  /support\/spawn-(server|worker)\.ts/,
  /\bcountStatementsOf\b|\bsql_statements\b/,
  /\bdatabase\.kind\b/,
]

const files = globSync('tests/integration/**/*.test.ts')
  .filter((path) => !path.endsWith('database-specific-marks.test.ts'))
  .map((path) => ({ path, text: readFileSync(path, 'utf8') }))

describe('the database-specific mark', () => {
  it('is on every integration file that shows it depends on the database', () => {
    const unmarked = files
      .filter(({ text }) => !text.startsWith(MARK) && !text.startsWith(INDEPENDENT))
      .filter(({ text }) => DEPENDS_ON_DATABASE.some((pattern) => pattern.test(text)))
      .map(({ path }) => path)
    expect(unmarked).toEqual([])
  })

  it('says why, on the first line and nowhere else', () => {
    for (const [mark, shape] of [
      [MARK, /^\/\/ @database-specific: \S.{5,}\n/],
      [INDEPENDENT, /^\/\/ @database-independent: \S.{5,}\n/],
    ] as const) {
      const marked = files.filter(({ text }) => text.includes(mark))
      expect(marked.length, mark).toBeGreaterThan(0)
      expect(marked.filter(({ text }) => !shape.test(text)).map(({ path }) => path)).toEqual([])
    }
  })

  it('is never both: a file runs on PostgreSQL or says why it need not', () => {
    expect(
      files.filter(({ text }) => text.includes(MARK) && text.includes(INDEPENDENT)).map(({ path }) => path),
    ).toEqual([])
  })
})
