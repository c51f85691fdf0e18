import { hkdfSync } from 'node:crypto'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../../../dashboard/src/api/api-client.ts'
import { ApiError } from '../../../dashboard/src/api/api-error.ts'
import { accessTokenExpiring, readTokens, saveTokens } from '../../../dashboard/src/api/session-tokens.ts'
import { signUp, type SignedUp } from '../../support/accounts.ts'
import type { TestApp } from '../../support/create-test-app.ts'
import { memoryStorage, startListeningTestApp } from '../../support/listening-test-app.ts'
import { startLocalServer, type LocalServer } from '../../support/local-http-server.ts'

// The dashboard's API client against the real server: SPEC section 8's request handling.
const SECRET_KEY = 'dashboard-client-tests-secret-key-0123456789abcdef'
let testApp: TestApp
let listening: Awaited<ReturnType<typeof startListeningTestApp>>
let baseUrl: string
let account: SignedUp
let odd: LocalServer

beforeAll(async () => {
  listening = await startListeningTestApp({ SECRET_KEY })
  ;({ testApp, baseUrl } = listening)
  account = await signUp(testApp)
  odd = await startLocalServer(async (req, res) => {
    if (req.url?.startsWith('/api/slow')) return // never answers
    res.writeHead(502, { 'Content-Type': 'text/html' })
    res.end('<html><body>Bad gateway</body></html>')
  })
})
afterAll(async () => {
  await odd.close()
  await listening.close()
})

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string; sid: string }

async function expiredAccessToken(fresh: string) {
  const key = Buffer.from(hkdfSync('sha256', SECRET_KEY, 'agentdesk', 'access-token', 32))
  const { sub, sid } = claimsOf(fresh)
  return new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setSubject(sub)
    .setIssuer('agentdesk')
    .setAudience('agentdesk-api')
    .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
    .sign(key)
}

describe('the dashboard API client', () => {
  it('calls with the bearer token and the CSRF header', async () => {
    const storage = memoryStorage()
    saveTokens(storage, { access: account.access, refresh: account.refresh })
    const client = createApiClient({ baseUrl, storage })
    const created = await client.request<{ agent_id: string; name: string }>('/agents/create/', {
      method: 'POST',
      body: { name: 'From the client' },
    })
    expect(created.name).toBe('From the client')
    const profile = await client.request<{ email: string }>('/accounts/profile/')
    expect(profile.email).toBe(account.email)
  })

  it('refreshes an expired access token once and retries, keeping the new tokens', async () => {
    const signedIn = await signUp(testApp, { email: 'refresh@example.com' })
    const storage = memoryStorage()
    saveTokens(storage, { access: await expiredAccessToken(signedIn.access), refresh: signedIn.refresh })
    const client = createApiClient({ baseUrl, storage })
    const profile = await client.request<{ email: string }>('/accounts/profile/')
    expect(profile.email).toBe('refresh@example.com')
    expect(accessTokenExpiring(readTokens(storage).access)).toBe(false)
    expect(readTokens(storage).refresh).not.toBe(signedIn.refresh)
  })

  it('ends the session when the refresh fails: tokens cleared, the SPEC message', async () => {
    const storage = memoryStorage()
    saveTokens(storage, { access: await expiredAccessToken(account.access), refresh: 'not-a-refresh-token' })
    const ended: string[] = []
    const client = createApiClient({ baseUrl, storage, onSessionEnded: (error) => ended.push(error.message) })
    const failure = await client.request('/accounts/profile/').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect((failure as ApiError).message).toBe('Authentication failed - please log in again')
    expect((failure as ApiError).title).toBe('Authentication Error')
    expect(readTokens(storage)).toEqual({ access: null, refresh: null })
    expect(ended).toEqual(['Authentication failed - please log in again'])
  })

  it('maps statuses to the SPEC titles and shows the server’s message', async () => {
    const storage = memoryStorage()
    saveTokens(storage, { access: account.access, refresh: account.refresh })
    const client = createApiClient({ baseUrl, storage })
    const missing = (await client
      .request('/agents/01900000-0000-7000-8000-000000000000/')
      .catch((error: unknown) => error)) as ApiError
    expect([missing.status, missing.code, missing.title, missing.message]).toEqual([
      404,
      'NOT_FOUND',
      'Content Not Found',
      'Agent not found',
    ])
    const anonymous = (await createApiClient({ baseUrl, storage: memoryStorage() })
      .request('/accounts/profile/')
      .catch((error: unknown) => error)) as ApiError
    expect([anonymous.code, anonymous.title]).toEqual(['UNAUTHORIZED', 'Authentication Required'])
  })

  it('reports a timeout, a network failure and a non-JSON reply in the SPEC’s words', async () => {
    const storage = memoryStorage()
    const slow = (await createApiClient({ baseUrl: odd.url, storage, timeoutMs: 200 })
      .request('/slow', { auth: false })
      .catch((error: unknown) => error)) as ApiError
    expect([slow.title, slow.message]).toEqual(['Timeout Error', 'Request timed out after 200ms'])
    const down = (await createApiClient({ baseUrl: 'http://127.0.0.1:9', storage })
      .request('/anything', { auth: false })
      .catch((error: unknown) => error)) as ApiError
    expect([down.code, down.message]).toEqual([
      'NETWORK_ERROR',
      'Network error - unable to connect to server. Please check your connection.',
    ])
    const html = (await createApiClient({ baseUrl: odd.url, storage })
      .request('/anything', { auth: false })
      .catch((error: unknown) => error)) as ApiError
    expect(html.message).toBe('Server error: Please check if the backend is running')
  })
})
