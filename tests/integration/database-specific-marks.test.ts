// The PostgreSQL project runs only the files marked `// @database-specific: <why>` on their first line
// (vitest.config.ts). A file that shows it depends on the database must carry the mark, or its PostgreSQL
// half would silently stop running; the mark itself must say why.
import { globSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const MARK = '// @database-specific:'

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
      .filter(({ text }) => !text.startsWith(MARK) && DEPENDS_ON_DATABASE.some((pattern) => pattern.test(text)))
      .map(({ path }) => path)
    expect(unmarked).toEqual([])
  })

  it('says why, on the first line and nowhere else', () => {
    const marked = files.filter(({ text }) => text.includes(MARK))
    expect(marked.length).toBeGreaterThan(0)
    const misplaced = marked
      .filter(({ text }) => !/^\/\/ @database-specific: \S.{5,}\n/.test(text))
      .map(({ path }) => path)
    expect(misplaced).toEqual([])
  })
})
