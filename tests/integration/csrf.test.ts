import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/create-test-app.ts'

let testApp: TestApp
beforeAll(async () => {
  testApp = await createTestApp()
})
afterAll(() => testApp.cleanup())

async function issueToken() {
  const response = await testApp.request.get('/api/accounts/csrf/')
  return { token: response.body.csrfToken as string, response }
}

// A request that passes the CSRF check reaches logout, which answers 400 for the empty body.
const PROTECTED_PATH = '/api/accounts/logout/'

describe('CSRF (double submit)', () => {
  it('GET /api/accounts/csrf/ returns the token in the body, the X-CSRFToken header and an HttpOnly cookie', async () => {
    const { token, response } = await issueToken()
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/)
    expect(response.body['X-CSRFToken']).toBe(token)
    expect(response.headers['x-csrftoken']).toBe(token)
    expect(response.headers['set-cookie']?.[0]).toMatch(new RegExp(`^csrftoken=${token.replace('.', '\\.')};.*HttpOnly; SameSite=Lax`))
  })

  it('on an https deployment the cookie is Secure even when TLS ends at a proxy', async () => {
    const httpsApp = await createTestApp({ PUBLIC_URL: 'https://chat.example.com' })
    try {
      const response = await httpsApp.request.get('/api/accounts/csrf/')
      expect(response.headers['set-cookie']?.[0]).toContain('; Secure')
    } finally {
      await httpsApp.cleanup()
    }
  })

  it('the sessionid cookie counts as authenticating too', async () => {
    const response = await testApp.request.post(PROTECTED_PATH).set('Cookie', 'sessionid=abc').send({})
    expect(response.status).toBe(403)
  })

  it('a cookie-authenticated POST without the header is refused with 403', async () => {
    const { token } = await issueToken()
    const response = await testApp.request.post(PROTECTED_PATH).set('Cookie', `access_token=abc; csrftoken=${token}`).send({})
    expect(response.status).toBe(403)
    expect(response.body).toMatchObject({ error: 'FORBIDDEN', message: 'CSRF token missing or incorrect. Reload the page and try again.' })
  })

  it('a cookie-authenticated POST with a header that differs from the cookie is refused', async () => {
    const { token } = await issueToken()
    const { token: other } = await issueToken()
    const response = await testApp.request.post(PROTECTED_PATH).set('Cookie', `refresh_token=abc; csrftoken=${token}`).set('X-CSRFToken', other).send({})
    expect(response.status).toBe(403)
  })

  it('a planted cookie and header that agree but were not signed by the server are refused', async () => {
    const response = await testApp.request.post(PROTECTED_PATH).set('Cookie', 'access_token=abc; csrftoken=planted.value').set('X-CSRFToken', 'planted.value').send({})
    expect(response.status).toBe(403)
  })

  it('a cookie-authenticated POST echoing the token passes the check', async () => {
    const { token } = await issueToken()
    const response = await testApp.request.post(PROTECTED_PATH).set('Cookie', `access_token=abc; csrftoken=${token}`).set('X-CSRFToken', token).send({})
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('Invalid logout request')
  })

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('%s is checked like POST', async (method) => {
    const response = await testApp.request[method.toLowerCase() as 'put' | 'patch' | 'delete'](PROTECTED_PATH).set('Cookie', 'access_token=abc').send({})
    expect(response.status).toBe(403)
  })

  it('a GET with an authenticating cookie needs no token', async () => {
    const response = await testApp.request.get('/api/dashboard/api/health/').set('Cookie', 'access_token=abc')
    expect(response.status).toBe(200)
  })

  it('a request authenticated by the Authorization header alone needs no token', async () => {
    const response = await testApp.request.post(PROTECTED_PATH).set('Authorization', 'Bearer abc').send({})
    expect(response.status).toBe(400)
  })
})
