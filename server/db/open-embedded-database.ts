import { EventEmitter } from 'node:events'
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { PrismaPGlite } from 'pglite-prisma-adapter'
import { PrismaClient } from './generated/prisma/client.ts'
import type { Database } from './database.ts'
import { lockDataDirectory } from './lock-data-directory.ts'
import { awaitPgliteScripts } from './await-pglite-scripts.ts'
import { shareEventLoop } from './share-event-loop.ts'
import { announcingWrites } from './caching/local-writes.ts'
import { countApart, countingStatements } from './count-statements.ts'

/** PGlite (Postgres compiled to WASM) in DATA_DIR/postgres: one process, no server to run. */
export async function openEmbeddedDatabase(
  dataDir: string,
  options: { sharedBuffers?: string } = {},
): Promise<Database> {
  const { pglite, stop } = await startEmbeddedEngine(dataDir, options)
  return embeddedDatabaseOn(pglite, stop)
}

/** Starts PGlite on DATA_DIR/postgres, holding the folder's lock until stopped. */
export async function startEmbeddedEngine(
  dataDir: string,
  { sharedBuffers = '32MB' }: { sharedBuffers?: string } = {},
): Promise<{ pglite: PGlite; stop(): Promise<void> }> {
  const root = resolve(dataDir)
  mkdirSync(root, { recursive: true })
  const releaseLock = lockDataDirectory(root)
  try {
    const pglite = await PGlite.create(join(root, 'postgres'), {
      extensions: { vector },
      postgresqlconf: [`shared_buffers=${sharedBuffers}`],
    })
    await pglite.exec('create extension if not exists vector')
    return {
      pglite,
      stop: async () => {
        await pglite.close()
        releaseLock()
      },
    }
  } catch (error) {
    releaseLock()
    throw error
  }
}

/**
 * The Database over a started PGlite: its own Prisma client, write announcements and signals. `closeEngine`
 * runs on close (the tests' database pool lends one PGlite to several Databases in turn).
 */
export function embeddedDatabaseOn(pglite: PGlite, closeEngine: () => Promise<void>): Database {
  // Every query the app makes goes through the wrapper, so long runs of them leave room for requests.
  const shared = shareEventLoop(pglite)
  const { factory: adapterFactory, localWrites } = announcingWrites(
    countingStatements(awaitPgliteScripts(new PrismaPGlite(shared), pglite)),
  )
  const prisma = new PrismaClient({ adapter: adapterFactory })
  // One process holds the database: its signals need not leave it.
  const signals = new EventEmitter().setMaxListeners(0)
  return {
    prisma,
    kind: 'embedded',
    adapterFactory,
    localWrites,
    withRawConnection: (work) => work((sql, params) => shared.query(sql, params)),
    async notify(channel, payload) {
      signals.emit(channel, payload)
    },
    // The process's own signals, and those the database sends itself (NOTIFY from a trigger), heard as
    // nobody's request (countApart): neither the notifier's nor that of the query whose trigger sent one.
    async listen(channel, onPayload) {
      const heard = (payload: string) => countApart(() => onPayload(payload))
      signals.on(channel, heard)
      const unlisten = await pglite.listen(channel, heard)
      return {
        close: async () => {
          signals.off(channel, heard)
          await unlisten().catch(() => {})
        },
      }
    },
    async close() {
      await prisma.$disconnect()
      await closeEngine()
    },
  }
}
