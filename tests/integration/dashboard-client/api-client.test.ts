import { hkdfSync } from 'node:crypto'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createApiClient } from '../../../dashboard/src/api/api-client.ts'
import { ApiError } from '../../../dashboard/src/api/api-error.ts'
import { apiRoute } from '../../../dashboard/src/api/api-route.ts'
import { accountRoutes } from '../../../dashboard/src/api/routes/account-routes.ts'
import { agentRoutes } from '../../../dashboard/src/api/routes/agent-routes.ts'
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

/** A path no server answers with JSON: the failures before any answer is parsed. */
const anything = apiRoute({ method: 'GET', path: '/anything', answer: z.object({}), signedIn: false })

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
    const created = await client.call(agentRoutes.create, { body: { name: 'From the client' } })
    expect(created.name).toBe('From the client')
    const profile = await client.call(accountRoutes.profile)
    expect(profile.email).toBe(account.email)
  })

  it('refreshes an expired access token once and retries, keeping the new tokens', async () => {
    const signedIn = await signUp(testApp, { email: 'refresh@example.com' })
    const storage = memoryStorage()
    saveTokens(storage, { access: await expiredAccessToken(signedIn.access), refresh: signedIn.refresh })
    const client = createApiClient({ baseUrl, storage })
    const profile = await client.call(accountRoutes.profile)
    expect(profile.email).toBe('refresh@example.com')
    expect(accessTokenExpiring(readTokens(storage).access)).toBe(false)
    expect(readTokens(storage).refresh).not.toBe(signedIn.refresh)
  })

  it('ends the session when the refresh fails: tokens cleared, the SPEC message', async () => {
    const storage = memoryStorage()
    saveTokens(storage, { access: await expiredAccessToken(account.access), refresh: 'not-a-refresh-token' })
    const ended: string[] = []
    const client = createApiClient({ baseUrl, storage, onSessionEnded: (error) => ended.push(error.message) })
    const failure = await client.call(accountRoutes.profile).catch((error: unknown) => error)
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
      .call(agentRoutes.read, { params: { agentId: '01900000-0000-7000-8000-000000000000' } })
      .catch((error: unknown) => error)) as ApiError
    expect([missing.status, missing.code, missing.title, missing.message]).toEqual([
      404,
      'NOT_FOUND',
      'Content Not Found',
      'Agent not found',
    ])
    const anonymous = (await createApiClient({ baseUrl, storage: memoryStorage() })
      .call(accountRoutes.profile)
      .catch((error: unknown) => error)) as ApiError
    expect([anonymous.code, anonymous.title]).toEqual(['UNAUTHORIZED', 'Authentication Required'])
  })

  it('reports a timeout, a network failure and a non-JSON reply in the SPEC’s words', async () => {
    const storage = memoryStorage()
    const slow = (await createApiClient({ baseUrl: odd.url, storage, timeoutMs: 200 })
      .call(apiRoute({ method: 'GET', path: '/slow', answer: z.object({}), signedIn: false }))
      .catch((error: unknown) => error)) as ApiError
    expect([slow.title, slow.message]).toEqual(['Timeout Error', 'Request timed out after 200ms'])
    const down = (await createApiClient({ baseUrl: 'http://127.0.0.1:9', storage })
      .call(anything)
      .catch((error: unknown) => error)) as ApiError
    expect([down.code, down.message]).toEqual([
      'NETWORK_ERROR',
      'Network error - unable to connect to server. Please check your connection.',
    ])
    const html = (await createApiClient({ baseUrl: odd.url, storage })
      .call(anything)
      .catch((error: unknown) => error)) as ApiError
    expect(html.message).toBe('Server error: Please check if the backend is running')
  })

  it('parses every answer by its route: an answer that does not fit fails at the call, naming the route and field', async () => {
    const storage = memoryStorage()
    saveTokens(storage, { access: account.access, refresh: account.refresh })
    const client = createApiClient({ baseUrl, storage })
    const profileWithNumberEmail = apiRoute({
      method: 'GET',
      path: '/accounts/profile/',
      answer: accountRoutes.profile.answer.extend({ email: z.number() }),
    })
    const failure = (await client.call(profileWithNumberEmail).catch((error: unknown) => error)) as ApiError
    expect(failure).toBeInstanceOf(ApiError)
    expect([failure.code, failure.title]).toEqual(['UNEXPECTED_ANSWER', 'Unexpected Answer'])
    expect(failure.message).toContain('GET /accounts/profile/')
    expect(failure.message).toContain('email:')
    // The route's own schema is the server's, strict: the real answer fits it exactly.
    expect((await client.call(accountRoutes.profile)).email).toBe(account.email)
  })

  it('fills a path’s parameters from the call, each encoded', async () => {
    const storage = memoryStorage()
    saveTokens(storage, { access: account.access, refresh: account.refresh })
    const client = createApiClient({ baseUrl, storage })
    const missing = (await client
      .call(agentRoutes.read, { params: { agentId: '../accounts/profile' } })
      .catch((error: unknown) => error)) as ApiError
    // Encoded, the slash stays inside the one parameter: an agent that does not exist, not the profile.
    expect([missing.status, missing.message]).toEqual([404, 'Agent not found'])
  })
})
