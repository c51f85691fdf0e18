// @database-specific: change signals lost between processes
import { afterAll, describe, expect, inject, it } from 'vitest'
import { hearRowChanges, type RowChanges } from '../../../server/db/caching/row-changes.ts'
import type { Database } from '../../../server/db/database.ts'
import { openPostgresDatabase } from '../../../server/db/open-postgres-database.ts'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { testConfig } from '../../support/create-test-app.ts'
import { createDatabaseLocation, type DatabaseLocation } from '../../support/create-test-database.ts'
import { startTcpRelay, type TcpRelay } from '../../support/tcp-relay.ts'

// Kept rows are only as fresh as the signals a process hears. The connection that hears them can be
// dropped without an error (a NAT or a proxy forgetting it): the process must find out within seconds,
// keep nothing meanwhile, and hear again once the connection answers.
const isPostgres = inject('databaseKind') === 'postgres'

describe.runIf(isPostgres)('the connection that hears row changes, dropped without a word', () => {
  let location: DatabaseLocation
  let relay: TcpRelay
  let database: Database
  let changes: RowChanges

  afterAll(async () => {
    await changes?.close()
    await database?.close()
    await relay?.close()
    await location?.destroy()
  })

  it('is found within seconds, and heard again once it answers', { timeout: 60_000 }, async () => {
    location = await createDatabaseLocation()
    const target = new URL(String(location.DATABASE_URL))
    relay = await startTcpRelay(target.hostname, Number(target.port || 5432))
    const relayed = new URL(String(location.DATABASE_URL))
    relayed.hostname = '127.0.0.1'
    relayed.port = String(relay.port)
    database = await openPostgresDatabase(relayed.toString(), 2)
    changes = hearRowChanges(database, createLogger({ ...testConfig({}), LOG_LEVEL: 'silent' }))
    await expect.poll(() => changes.hearing, { timeout: 10_000 }).toBe(true)
    const eraBefore = changes.era
    relay.freeze()
    // No error comes: only the question every few seconds, unanswered, tells.
    await expect.poll(() => changes.hearing, { timeout: 20_000, interval: 200 }).toBe(false)
    expect(changes.era).toBeGreaterThan(eraBefore)
    relay.thaw()
    await expect.poll(() => changes.hearing, { timeout: 20_000, interval: 200 }).toBe(true)
  })
})
