import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from './generated/prisma/client.ts'
import type { Database, Listening } from './database.ts'
import { runWholePostgresScripts } from './run-whole-postgres-scripts.ts'
import { announcingWrites } from './caching/local-writes.ts'
import { countApart, countStatement, countingStatements } from './count-statements.ts'

// No statement may hold a pooled connection for ever (a stalled query would starve every request).
const STATEMENT_TIMEOUT_MS = 60_000

// How often the listening connection is asked whether it still answers, and how long it has to answer.
const HEARTBEAT_MS = 5_000

/** A PostgreSQL server at DATABASE_URL, through a pg pool shared by Prisma. */
export async function openPostgresDatabase(connectionString: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
  })
  // An idle client that loses its server emits 'error'; unhandled, that would crash the process. The next
  // query reports the failure (health answers 503), so there is nothing more to do here.
  pool.on('error', () => {})
  const { factory: adapterFactory, localWrites } = announcingWrites(
    countingStatements(runWholePostgresScripts(new PrismaPg(pool), pool)),
  )
  const prisma = new PrismaClient({ adapter: adapterFactory })
  return {
    prisma,
    kind: 'postgres',
    adapterFactory,
    localWrites,
    // A dedicated connection, outside the pool: holding an advisory lock must not take a pooled
    // connection away from the work it guards (with a pool of one, that would deadlock).
    async withRawConnection(work) {
      const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 })
      client.on('error', () => {})
      await client.connect()
      try {
        return await work((sql, params) => client.query(sql, params))
      } finally {
        await client.end()
      }
    },
    async notify(channel, payload) {
      countStatement()
      await pool.query('select pg_notify($1, $2)', [channel, payload])
    },
    // The connection hears for the whole process, so it is nobody's request: whatever its signals cause is
    // counted apart (countApart), not in the request that happened to be running when it was opened.
    listen: (channel, onPayload, onLost) =>
      countApart(() => listenOnItsOwn(connectionString, channel, onPayload, onLost)),
    async close() {
      await prisma.$disconnect()
      await pool.end()
    },
  }
}

/** LISTEN on a connection of its own, outside the pool: LISTEN lasts as long as the connection. */
async function listenOnItsOwn(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onLost: (error: unknown) => void,
): Promise<Listening> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000, keepAlive: true })
  let closing = false
  let heartbeat: NodeJS.Timeout | undefined
  const lost = (error: unknown) => {
    if (closing) return
    closing = true
    clearInterval(heartbeat)
    client.end().catch(() => {})
    onLost(error)
  }
  // A connection dropped silently (a NAT or a proxy forgetting it) raises no error, and what it should
  // have heard would be missed: a query now and then finds out, and the caller listens anew.
  const beat = () => {
    const late = setTimeout(() => lost(new Error('the listening connection stopped answering')), HEARTBEAT_MS)
    client.query('select 1').then(
      () => clearTimeout(late),
      (error: unknown) => (clearTimeout(late), lost(error)),
    )
  }
  client.on('error', lost)
  client.on('end', () => lost(new Error('the listening connection ended')))
  client.on('notification', (message) => {
    if (message.channel === channel) onPayload(message.payload ?? '')
  })
  try {
    await client.connect()
    await client.query(`listen ${client.escapeIdentifier(channel)}`)
    heartbeat = setInterval(beat, HEARTBEAT_MS).unref()
  } catch (error) {
    closing = true
    await client.end().catch(() => {})
    throw error
  }
  return {
    async close() {
      closing = true
      clearInterval(heartbeat)
      await client.end().catch(() => {})
    },
  }
}
