// @database-specific: the database going away, per kind
// A database out of reach answers 503 with Retry-After, never 500, and the API works again once it is
// back. On PostgreSQL the app's pool reaches the server through a relay the test cuts (as a restart
// does), and an administrator terminates a connection in the middle of a query; on PGlite the database
// is closed under the app.
import { Writable } from 'node:stream'
import pg from 'pg'
import supertest from 'supertest'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { createHttpApp, type HttpApp } from '../../server/http/create-http-app.ts'
import { openEmbeddedDatabase } from '../../server/db/open-embedded-database.ts'
import { openPostgresDatabase } from '../../server/db/open-postgres-database.ts'
import type { Database } from '../../server/db/database.ts'
import { DATABASE_UNAVAILABLE } from '../../server/http/error-answer.ts'
import { createLogger } from '../../server/logging/create-logger.ts'
import { bearer, GOOD_PASSWORD } from '../support/accounts.ts'
import { testConfig } from '../support/create-test-app.ts'
import { createDatabaseLocation, type DatabaseLocation } from '../support/create-test-database.ts'
import { startTcpRelay, type TcpRelay } from '../support/tcp-relay.ts'

const isPostgres = inject('databaseKind') === 'postgres'

interface Running {
  app: HttpApp
  database: Database
  location: DatabaseLocation
  logLines: Record<string, unknown>[]
  relay?: TcpRelay
  request: ReturnType<typeof supertest>
}
let running: Running | undefined
afterEach(async () => {
  await running?.app.close()
  await running?.database.close().catch(() => {})
  await running?.relay?.close()
  await running?.location.destroy()
  running = undefined
})

/** The app on a fresh database of this project's kind; on PostgreSQL its pool connects through a relay. */
async function startApp(): Promise<Running> {
  const location = await createDatabaseLocation()
  let relay: TcpRelay | undefined
  let databaseUrl = location.DATABASE_URL
  if (databaseUrl) {
    const target = new URL(databaseUrl)
    relay = await startTcpRelay(target.hostname, Number(target.port || 5432))
    const relayed = new URL(databaseUrl)
    relayed.hostname = '127.0.0.1'
    relayed.port = String(relay.port)
    databaseUrl = relayed.toString()
  }
  const database = databaseUrl
    ? await openPostgresDatabase(databaseUrl, 4)
    : await openEmbeddedDatabase(location.DATA_DIR)
  const config = testConfig({ DATA_DIR: location.DATA_DIR, DATABASE_URL: databaseUrl, WORKER_IN_SERVER: 'false' })
  const logLines: Record<string, unknown>[] = []
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean))
        logLines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  const app = await createHttpApp({ config, database, logger: createLogger(config, logStream) })
  running = { app, database, location, logLines, relay, request: supertest(app) }
  return running
}

async function register({ request }: Running) {
  const response = await request
    .post('/api/accounts/register/')
    .send({ email: `down-${Date.now()}@example.com`, password: GOOD_PASSWORD, full_name: 'Down Test' })
  expect(response.status).toBe(201)
  return response.body.tokens.access as string
}

function expectUnavailable(response: supertest.Response) {
  expect(response.status, JSON.stringify(response.body)).toBe(503)
  expect(response.headers['retry-after']).toBe('5')
  expect(response.body).toMatchObject({ error: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE, retry_after: 5 })
}

describe.runIf(isPostgres)('PostgreSQL out of reach', () => {
  it('answers 503 with Retry-After while the server cannot be reached, and works again once it is back', async () => {
    const app = await startApp()
    const access = await register(app)
    expect((await app.request.get('/api/agents/').set(bearer(access))).status).toBe(200)

    await app.relay!.cut()
    expectUnavailable(await app.request.get('/api/agents/').set(bearer(access)))
    expectUnavailable(await app.request.post('/api/agents/create/').set(bearer(access)).send({ name: 'While down' }))
    expectUnavailable(
      await app.request.post('/api/accounts/login/').send({ email: 'someone@example.com', password: GOOD_PASSWORD }),
    )
    const health = await app.request.get('/api/dashboard/api/health/')
    expect(health.status).toBe(503)
    expect(health.headers['retry-after']).toBe('5')
    expect(health.body).toMatchObject({ database: 'down' })
    expect(app.logLines.filter((line) => line.msg === 'database unavailable').length).toBeGreaterThanOrEqual(3)
    expect(app.logLines.filter((line) => line.msg === 'unexpected error')).toEqual([])

    await app.relay!.restore()
    expect((await app.request.get('/api/agents/').set(bearer(access))).status).toBe(200)
    expect(
      (await app.request.post('/api/agents/create/').set(bearer(access)).send({ name: 'Back again' })).status,
    ).toBe(201)
    expect((await app.request.get('/api/dashboard/api/health/')).status).toBe(200)
  })

  it('answers 503 when an administrator terminates the connection in the middle of a query (57P01)', async () => {
    const app = await startApp()
    const access = await register(app)
    const created = await app.request.post('/api/agents/create/').set(bearer(access)).send({ name: 'Locked' })
    const agentId = created.body.agent_id as string
    // The administrator's own connection (not through the relay) holds the agent's row, so the update waits on it.
    const admin = new pg.Client({ connectionString: app.location.DATABASE_URL })
    await admin.connect()
    try {
      await admin.query('begin')
      await admin.query('select id from agents where id = $1 for update', [agentId])
      const update = app.request
        .put(`/api/agents/${agentId}/update/`)
        .set(bearer(access))
        .send({ name: 'Renamed' })
        .then((response) => response)
      let waiting: number | undefined
      for (let attempt = 0; attempt < 200 && waiting === undefined; attempt += 1) {
        const { rows } = await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
        )
        waiting = rows[0]?.pid
        if (waiting === undefined) await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(waiting, 'the update should be waiting on the row lock').toBeDefined()
      await admin.query('select pg_terminate_backend($1)', [waiting])
      expectUnavailable(await update)
    } finally {
      await admin.query('rollback')
      await admin.end()
    }
    const after = await app.request.put(`/api/agents/${agentId}/update/`).set(bearer(access)).send({ name: 'Renamed' })
    expect(after.status).toBe(200)
    expect(after.body.name).toBe('Renamed')
  })
})

describe('a database that has closed', () => {
  it('answers 503 with Retry-After rather than 500', async () => {
    const app = await startApp()
    const access = await register(app)
    await app.database.close()
    expectUnavailable(await app.request.get('/api/agents/').set(bearer(access)))
    expectUnavailable(
      await app.request.post('/api/accounts/login/').send({ email: 'someone@example.com', password: GOOD_PASSWORD }),
    )
  })
})
