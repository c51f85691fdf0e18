import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/create-test-app.ts'

let testApp: TestApp
beforeAll(async () => {
  testApp = await createTestApp({ PUBLIC_URL: 'https://chat.example.com', CORS_ORIGINS: 'https://admin.example.com' })
})
afterAll(() => testApp.cleanup())

describe('CORS for /api', () => {
  it.each(['https://chat.example.com', 'https://admin.example.com'])(
    'lets %s call with credentials',
    async (origin) => {
      const response = await testApp.request.get('/api/dashboard/api/health/').set('Origin', origin)
      expect(response.headers['access-control-allow-origin']).toBe(origin)
      expect(response.headers['access-control-allow-credentials']).toBe('true')
    },
  )

  it('answers a preflight for the headers the dashboard sends', async () => {
    const response = await testApp.request
      .options('/api/accounts/login/')
      .set('Origin', 'https://admin.example.com')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type,x-csrftoken')
    expect(response.status).toBe(204)
    expect(response.headers['access-control-allow-headers']).toBe('Authorization,Content-Type,X-CSRFToken,X-Request-Id')
  })

  it('gives another origin no CORS grant', async () => {
    const response = await testApp.request.get('/api/dashboard/api/health/').set('Origin', 'https://evil.example')
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('security headers', () => {
  it('the dashboard gets a strict policy; on https, HSTS and upgrade-insecure-requests', async () => {
    const response = await testApp.request.get('/app/dashboard')
    const policy = response.headers['content-security-policy']
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain('upgrade-insecure-requests')
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-powered-by']).toBeUndefined()
  })

  it('on plain http, neither HSTS nor upgrade-insecure-requests (they would break the site)', async () => {
    const httpApp = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' })
    try {
      const response = await httpApp.request.get('/')
      expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests')
      expect(response.headers['strict-transport-security']).toBeUndefined()
    } finally {
      await httpApp.cleanup()
    }
  })
})

describe('request logs', () => {
  it('carry the request id, method and path, and never credentials or query strings', async () => {
    const response = await testApp.request
      .get('/api/some/path/?token=query-secret')
      .set('Authorization', 'Bearer header-secret')
      .set('Cookie', 'access_token=cookie-secret')
      .set('X-CSRFToken', 'csrf-secret')
    const requestId = response.headers['x-request-id']
    const line = testApp.logLines.find((entry) => (entry.req as { id?: string } | undefined)?.id === requestId)
    expect(line).toMatchObject({ req: { method: 'GET', url: '/api/some/path/' }, res: { statusCode: 404 } })
    const everything = JSON.stringify(testApp.logLines)
    for (const secret of ['query-secret', 'header-secret', 'cookie-secret', 'csrf-secret'])
      expect(everything).not.toContain(secret)
  })
})
