// @database-specific: a pool with no free connection (PostgreSQL only)
import { afterEach, describe, expect, inject, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/create-test-app.ts'

let testApp: TestApp | undefined
afterEach(async () => {
  await testApp?.cleanup()
  testApp = undefined
})

describe('GET /api/dashboard/api/health/', () => {
  it('when the database answers, it is 200 ok and never cached', async () => {
    testApp = await createTestApp()
    const response = await testApp.request.get('/api/dashboard/api/health/')
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ status: 'ok', database: 'up' })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('when the database is unreachable, it is 503 with the reason', async () => {
    testApp = await createTestApp()
    await testApp.database.close()
    const response = await testApp.request.get('/api/dashboard/api/health/')
    expect(response.status).toBe(503)
    expect(response.headers['retry-after']).toBe('5')
    expect(response.body).toMatchObject({
      status: 'unavailable',
      database: 'down',
      error: 'SERVICE_UNAVAILABLE',
      message: 'The database is unreachable.',
    })
    expect(testApp.logLines.some((line) => line.msg === 'health check: database unreachable')).toBe(true)
  })

  it('when no database connection frees up in time, it answers 503 instead of waiting', async () => {
    // PGlite runs statements inside this thread, so only a server database can stall while we wait.
    if (inject('databaseKind') !== 'postgres') return
    testApp = await createTestApp({ DATABASE_POOL_SIZE: '1' })
    const { prisma } = testApp.database
    const holdTheOnlyConnection = prisma.$transaction(
      async (transaction) => transaction.$queryRaw`select 1 as slept from pg_sleep(4)`,
      { timeout: 10_000 },
    )
    await new Promise((resolve) => setTimeout(resolve, 200))
    const response = await testApp.request.get('/api/dashboard/api/health/')
    expect(response.status).toBe(503)
    await holdTheOnlyConnection
  })
})
