import { afterEach, describe, expect, it } from 'vitest'
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
    expect(response.body).toMatchObject({ status: 'unavailable', database: 'down', error: 'SERVICE_UNAVAILABLE', message: 'The database is unreachable.' })
    expect(testApp.logLines.some((line) => line.msg === 'health check: database unreachable')).toBe(true)
  })
})
