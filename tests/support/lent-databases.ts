// Migrated test databases made once per worker and lent in turn: a database comes back when its borrower
// cleans up and is reset (reset-database.ts) before the next borrower gets it. Making one costs seconds
// (a 40 MB copy and a PGlite start; CREATE and DROP DATABASE on PostgreSQL), a reset a tenth of that.
// Closing a lent database closes it for real (a test of an outage, or of reopening the same location):
// a closed embedded one is not lent again; a PostgreSQL one is, as the database itself lives on.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { inject } from 'vitest'
import type { Database, Listening } from '../../server/db/database.ts'
import { embeddedDatabaseOn, startEmbeddedEngine } from '../../server/db/open-embedded-database.ts'
import { openPostgresDatabase } from '../../server/db/open-postgres-database.ts'
import { databaseUrl, runAsAdmin, uniqueDatabaseName } from './postgres-admin.ts'
import { readTemplateState, resetDatabase, type RunStatement, type TemplateState } from './reset-database.ts'
import type { TestDatabase } from './test-database.ts'

// Idle databases a worker keeps (a file that holds three at once leaves the third to be closed).
const MOST_KEPT = 2

interface Lendable {
  /** Runs a statement outside any borrower's connection (to reset). */
  run: RunStatement
  /** A Database of its own for one borrower; `retire` when that borrower closes it. */
  open(poolSize: number | undefined, retire: () => void): Promise<Database>
  /** Ends a borrower's Database without closing the database itself (its `close` closes it for good). */
  endBorrowing(database: Database, close: () => Promise<void>): Promise<void>
  /** Between borrowers: ends what the last one left connected (embedded: closes its gate). */
  takeBack(): Promise<void>
  dataDir: string
  url?: string
  discard(): Promise<void>
}

// What stays in a lent PGlite folder between borrowers: the engine's data and the lock it holds.
const ENGINE_FILES = new Set(['postgres', 'database.lock'])

const kept: Lendable[] = []
let templateState: Promise<TemplateState> | undefined
let lentFrom: string | undefined

/** Lends one PGlite in turn: each borrower's queries pass a gate that shuts when it gives the database back. */
async function makeEmbedded(): Promise<Lendable> {
  const template = inject('databaseTemplate')
  const dataDir = mkdtempSync(`${template}-lent-`)
  cpSync(template, dataDir, { recursive: true })
  const engine = await startEmbeddedEngine(dataDir)
  let gate: { open: boolean } = { open: false }
  let listenings: Listening[] = []
  return {
    dataDir,
    run: (sql, params) => engine.pglite.query(sql, params),
    async open(_poolSize, retire) {
      const thisGate: { open: boolean } = { open: true }
      gate = thisGate
      const gated = new Proxy(engine.pglite, {
        get(target, key) {
          const value: unknown = Reflect.get(target, key, target)
          if (typeof value !== 'function') return value
          return (...args: unknown[]) => {
            if (!thisGate.open) throw new Error('This test database was given back: a test used it after cleanup')
            return (value as (...values: unknown[]) => unknown).apply(target, args)
          }
        },
      })
      const database = embeddedDatabaseOn(gated as PGlite, async () => {
        thisGate.open = false
        retire()
        await engine.stop()
      })
      const listen = database.listen.bind(database)
      database.listen = async (...args) => {
        const listening = await listen(...args)
        listenings.push(listening)
        return listening
      }
      return database
    },
    endBorrowing: (database) => database.prisma.$disconnect(),
    async takeBack() {
      gate.open = false
      await Promise.all(listenings.map((listening) => listening.close()))
      listenings = []
      // One session serves every borrower: what the last one left in it (a transaction, a setting, a
      // session lock such as a process's presence) must not reach the next.
      if (!engine.pglite.closed) {
        await engine.pglite.exec('rollback').catch(() => {})
        await engine.pglite.exec('reset all; select pg_advisory_unlock_all()')
      }
      // What the last borrower's app stored beside the database (uploads) goes too.
      for (const entry of readdirSync(dataDir))
        if (!ENGINE_FILES.has(entry)) rmSync(join(dataDir, entry), { recursive: true, force: true })
    },
    async discard() {
      if (!engine.pglite.closed) await engine.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Lends one PostgreSQL database in turn; a borrower's leftover connections are ended before the next. */
async function makePostgres(): Promise<Lendable> {
  const name = `${inject('databaseTemplate')}_lent_${uniqueDatabaseName('db').slice(3)}`
  await runAsAdmin(`create database "${name}" template "${inject('databaseTemplate')}"`)
  const url = databaseUrl(name)
  const admin = new pg.Client({ connectionString: url })
  admin.on('error', () => {})
  await admin.connect()
  let dataDir = mkdtempSync(join(tmpdir(), `${name}-files-`))
  return {
    get dataDir() {
      return dataDir
    },
    url,
    run: (sql, params) => admin.query(sql, params),
    open: (poolSize) => openPostgresDatabase(url, poolSize ?? 5),
    endBorrowing: (_database, close) => close(),
    async takeBack() {
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      )
      rmSync(dataDir, { recursive: true, force: true })
      dataDir = mkdtempSync(join(tmpdir(), `${name}-files-`))
    },
    async discard() {
      await admin.end().catch(() => {})
      rmSync(dataDir, { recursive: true, force: true })
      await runAsAdmin(`drop database if exists "${name}" with (force)`)
    },
  }
}

async function makeLendable(): Promise<Lendable> {
  const lendable = inject('databaseKind') === 'embedded' ? await makeEmbedded() : await makePostgres()
  // Read before anyone borrows it: this first one is still as the template made it.
  templateState ??= readTemplateState(lendable.run)
  await templateState
  return lendable
}

/** A migrated database no one else holds, reset to the template's rows; cleanup gives it back. */
export async function borrowTestDatabase({ poolSize }: { poolSize?: number } = {}): Promise<TestDatabase> {
  // A worker serves one project; should it ever serve another, that project's template starts afresh.
  if (lentFrom !== inject('databaseTemplate')) {
    lentFrom = inject('databaseTemplate')
    await Promise.all(kept.splice(0).map((lendable) => lendable.discard()))
    templateState = undefined
  }
  let lendable = kept.pop()
  if (lendable && !(await resetDatabase(lendable.run, await templateState!))) {
    await lendable.discard()
    lendable = undefined
  }
  lendable ??= await makeLendable()
  const borrowed = lendable
  let isRetired = false
  let isClosed = false
  const database = await borrowed.open(poolSize, () => (isRetired = true))
  const close = database.close.bind(database)
  database.close = async () => {
    if (isClosed) return
    isClosed = true
    await close()
  }
  let isGivenBack = false
  const giveBack = async () => {
    if (isGivenBack) return
    isGivenBack = true
    if (!isClosed) {
      isClosed = true
      await borrowed.endBorrowing(database, close)
    }
    await borrowed.takeBack()
    if (isRetired || kept.length >= MOST_KEPT) return borrowed.discard()
    kept.push(borrowed)
  }
  return {
    database,
    location: { DATA_DIR: borrowed.dataDir, DATABASE_URL: borrowed.url, destroy: giveBack },
    cleanup: giveBack,
  }
}
