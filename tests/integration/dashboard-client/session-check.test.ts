import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../../../dashboard/src/api/api-client.ts'
import { agentRoutes } from '../../../dashboard/src/api/routes/agent-routes.ts'
import { readTokens, saveTokens } from '../../../dashboard/src/api/session-tokens.ts'
import { DEFAULT_LANDING, rememberPath, takeLanding } from '../../../dashboard/src/session/remembered-path.ts'
import { checkSession } from '../../../dashboard/src/session/session-check.ts'
import { signUp } from '../../support/accounts.ts'
import type { TestApp } from '../../support/create-test-app.ts'
import { memoryStorage, startListeningTestApp } from '../../support/listening-test-app.ts'

let testApp: TestApp
let listening: Awaited<ReturnType<typeof startListeningTestApp>>
let baseUrl: string

beforeAll(async () => {
  listening = await startListeningTestApp()
  ;({ testApp, baseUrl } = listening)
})
afterAll(async () => {
  await listening.close()
})

describe('the session check', () => {
  it('finds the signed-in user from stored tokens', async () => {
    const account = await signUp(testApp)
    const storage = memoryStorage()
    saveTokens(storage, { access: account.access, refresh: account.refresh })
    const state = await checkSession(createApiClient({ baseUrl, storage }), storage)
    expect(state).toMatchObject({ signedIn: true, user: { email: account.email } })
  })

  it('says there is no session without tokens, and ends one whose tokens no longer work', async () => {
    const empty = memoryStorage()
    expect(await checkSession(createApiClient({ baseUrl, storage: empty }), empty)).toEqual({
      signedIn: false,
      reason: 'no_tokens',
    })
    const account = await signUp(testApp, { email: 'ended@example.com' })
    await testApp.request.post('/api/accounts/logout/').send({ refresh_token: account.refresh })
    const storage = memoryStorage()
    saveTokens(storage, { access: account.access, refresh: account.refresh })
    expect(await checkSession(createApiClient({ baseUrl, storage }), storage)).toEqual({
      signedIn: false,
      reason: 'expired',
    })
    expect(readTokens(storage)).toEqual({ access: null, refresh: null })
  })
})

describe('the session when the server is away or the sign-in was ended elsewhere', () => {
  it('keeps the tokens when the server cannot be reached, to check again later', async () => {
    const account = await signUp(testApp, { email: 'away@example.com' })
    const storage = memoryStorage()
    saveTokens(storage, { access: account.access, refresh: account.refresh })
    const unreachable = createApiClient({ baseUrl: 'http://127.0.0.1:9', storage, timeoutMs: 2_000 })
    expect(await checkSession(unreachable, storage)).toEqual({ signedIn: false, reason: 'unreachable' })
    expect(readTokens(storage)).toEqual({ access: account.access, refresh: account.refresh })
  })

  it('ends the session at once when a call finds it ended elsewhere', async () => {
    const account = await signUp(testApp, { email: 'elsewhere@example.com' })
    await testApp.request.post('/api/accounts/logout/').send({ refresh_token: account.refresh })
    const storage = memoryStorage()
    saveTokens(storage, { access: account.access, refresh: account.refresh })
    const ended: string[] = []
    const client = createApiClient({ baseUrl, storage, onSessionEnded: (error) => ended.push(error.message) })
    await expect(client.call(agentRoutes.list, { query: {} })).rejects.toThrow(
      'Authentication failed - please log in again',
    )
    expect(ended).toEqual(['Authentication failed - please log in again'])
    expect(readTokens(storage)).toEqual({ access: null, refresh: null })
  })
})

describe('the remembered path', () => {
  it('returns to a guarded page after signing in, once, and only inside /app', () => {
    const storage = memoryStorage()
    rememberPath(storage, '/app/agents/42?tab=chat')
    expect(takeLanding(storage)).toBe('/app/agents/42?tab=chat')
    expect(takeLanding(storage)).toBe(DEFAULT_LANDING)
    for (const unsafe of ['https://evil.example/app', '//evil.example/app', '/auth', '/app\\..\\x']) {
      rememberPath(storage, unsafe)
      expect(takeLanding(storage)).toBe(DEFAULT_LANDING)
    }
  })
})
