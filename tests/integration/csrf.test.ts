import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signUp } from '../support/accounts.ts'
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
    expect(response.headers['set-cookie']?.[0]).toMatch(
      new RegExp(`^csrftoken=${token.replace('.', '\\.')};.*HttpOnly; SameSite=Lax`),
    )
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
    const response = await testApp.request
      .post(PROTECTED_PATH)
      .set('Cookie', `access_token=abc; csrftoken=${token}`)
      .send({})
    expect(response.status).toBe(403)
    expect(response.body).toMatchObject({
      error: 'FORBIDDEN',
      message: 'CSRF token missing or incorrect. Reload the page and try again.',
    })
  })

  it('a cookie-authenticated POST with a header that differs from the cookie is refused', async () => {
    const { token } = await issueToken()
    const { token: other } = await issueToken()
    const response = await testApp.request
      .post(PROTECTED_PATH)
      .set('Cookie', `refresh_token=abc; csrftoken=${token}`)
      .set('X-CSRFToken', other)
      .send({})
    expect(response.status).toBe(403)
  })

  it('a planted cookie and header that agree but were not signed by the server are refused', async () => {
    const response = await testApp.request
      .post(PROTECTED_PATH)
      .set('Cookie', 'access_token=abc; csrftoken=planted.value')
      .set('X-CSRFToken', 'planted.value')
      .send({})
    expect(response.status).toBe(403)
  })

  it('a cookie-authenticated POST echoing the token passes the check', async () => {
    const { token } = await issueToken()
    const response = await testApp.request
      .post(PROTECTED_PATH)
      .set('Cookie', `access_token=abc; csrftoken=${token}`)
      .set('X-CSRFToken', token)
      .send({})
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('Invalid logout request')
  })

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('%s is checked like POST', async (method) => {
    const response = await testApp.request[method.toLowerCase() as 'put' | 'patch' | 'delete'](PROTECTED_PATH)
      .set('Cookie', 'access_token=abc')
      .send({})
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

describe('CSRF applies where a cookie could authenticate, not beside a bearer token', () => {
  const renameTo = (full_name: string) => testApp.request.put('/api/accounts/profile/').send({ full_name })

  it.each([
    'sessionid=abc',
    'sessionid=%%%garbage; csrftoken=nonsense',
    'access_token=stale; refresh_token=stale; sessionid=x',
  ])('a bearer-authenticated write with stray cookies (%s) is not refused for CSRF', async (cookie) => {
    const account = await signUp(testApp)
    const response = await renameTo('Bearer Writer').set(bearer(account.access)).set('Cookie', cookie)
    expect(response.status).toBe(200)
    expect(response.body.full_name).toBe('Bearer Writer')
  })

  it('a cookie session without a bearer token still needs the CSRF token, and the cookie alone signs nobody in', async () => {
    const account = await signUp(testApp)
    const cookie = `access_token=${account.access}; refresh_token=${account.refresh}`
    const refused = await renameTo('Cookie Writer').set('Cookie', cookie)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('CSRF token missing or incorrect. Reload the page and try again.')
    const { token } = await issueToken()
    const echoed = await renameTo('Cookie Writer')
      .set('Cookie', `${cookie}; csrftoken=${token}`)
      .set('X-CSRFToken', token)
    expect(echoed.status).toBe(401)
  })

  it('with both a valid cookie and a bearer token, the bearer token alone decides who writes', async () => {
    const cookieOwner = await signUp(testApp)
    const bearerOwner = await signUp(testApp)
    const response = await renameTo('Chosen By Bearer')
      .set(bearer(bearerOwner.access))
      .set('Cookie', `access_token=${cookieOwner.access}`)
    expect(response.status).toBe(200)
    expect(response.body.id).toBe(bearerOwner.userId)
    const wrongBearer = await renameTo('Nobody')
      .set('Authorization', 'Bearer not-a-token')
      .set('Cookie', `access_token=${cookieOwner.access}`)
    expect(wrongBearer.status).toBe(401)
  })

  it('a page on another site cannot add the Authorization header: its preflight is not allowed', async () => {
    const preflight = await testApp.request
      .options('/api/accounts/profile/')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'PUT')
      .set('Access-Control-Request-Headers', 'authorization, content-type')
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('an Authorization header of another scheme (a browser may send Basic by itself) does not exempt a cookie request', async () => {
    const response = await testApp.request
      .post(PROTECTED_PATH)
      .set('Authorization', 'Basic dXNlcjpwYXNz')
      .set('Cookie', 'sessionid=abc')
      .send({})
    expect(response.status).toBe(403)
  })
})
