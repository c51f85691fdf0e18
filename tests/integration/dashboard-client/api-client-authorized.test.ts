import { getJwt } from '@shopify/shopify-api/test-helpers'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../../../dashboard/src/api/api-client.ts'
import { agentRoutes } from '../../../dashboard/src/api/routes/agent-routes.ts'
import { conversationRoutes } from '../../../dashboard/src/api/routes/conversation-routes.ts'
import { ApiError } from '../../../dashboard/src/api/api-error.ts'
import { linkShopAccount } from '../../../server/shopify/admin/link-shop-account.ts'
import { memoryStorage, startListeningTestApp } from '../../support/listening-test-app.ts'

// The dashboard's API client as the embedded Shopify app uses it: each call signed with App Bridge's
// session token (here the library's test tokens), no cookies, no CSRF round trip, one retry when the
// token has expired.
const API_KEY = 'authorized-client-key'
const API_SECRET = 'authorized-client-secret'
let listening: Awaited<ReturnType<typeof startListeningTestApp>>
const realFetch = globalThis.fetch
const sent: { url: string; credentials: RequestCredentials | undefined; csrf: string | null }[] = []

beforeAll(async () => {
  listening = await startListeningTestApp({
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: API_SECRET,
    PUBLIC_URL: 'https://agentdesk.example',
  })
  await linkShopAccount(listening.testApp.database, {
    shopDomain: 'iron-kettle.myshopify.com',
    scopes: 'read_products',
    profile: { name: 'Iron Kettle', email: null, storefrontUrl: null },
  })
  globalThis.fetch = (input, init) => {
    sent.push({
      url: String(input),
      credentials: init?.credentials,
      csrf: new Headers(init?.headers).get('X-CSRFToken'),
    })
    return realFetch(input, init)
  }
})
afterEach(() => {
  sent.length = 0
})
afterAll(async () => {
  globalThis.fetch = realFetch
  await listening.close()
})

const shopToken = async (overrides: Record<string, unknown> = {}) =>
  (await getJwt('iron-kettle', API_KEY, API_SECRET, overrides)).token

describe('the API client authorized by a token source', () => {
  it('creates and reads with the session token, sending no cookies and asking for no CSRF token', async () => {
    let asked = 0
    const client = createApiClient({
      baseUrl: listening.baseUrl,
      storage: memoryStorage(),
      authorize: async () => (asked++, shopToken()),
    })
    const created = await client.call(agentRoutes.create, { body: { name: 'Storefront helper' } })
    const listed = await client.call(agentRoutes.list, { query: {} })
    expect(created.name).toBe('Storefront helper')
    expect(listed.agents.map((agent) => agent.name)).toEqual(['Storefront helper'])
    expect(asked).toBe(2)
    expect(sent.map((call) => new URL(call.url).pathname)).toEqual(['/api/agents/create/', '/api/agents/'])
    expect(sent.every((call) => call.credentials === 'omit' && call.csrf === null)).toBe(true)
  })

  it('asks for a fresh token once when the server finds the token expired', async () => {
    const tokens = [await shopToken({ exp: Math.floor(Date.now() / 1000) - 60 }), await shopToken()]
    const client = createApiClient({
      baseUrl: listening.baseUrl,
      storage: memoryStorage(),
      authorize: async () => tokens.shift() ?? 'no more tokens',
    })
    const listed = await client.call(agentRoutes.list, { query: {} })
    expect(listed.agents).toHaveLength(1)
    expect(sent).toHaveLength(2)
    expect(tokens).toEqual([])
  })

  it('gives up with the 401 when the fresh token is refused as well', async () => {
    const client = createApiClient({
      baseUrl: listening.baseUrl,
      storage: memoryStorage(),
      authorize: () => shopToken({ exp: Math.floor(Date.now() / 1000) - 60 }),
    })
    const failure = await client.call(agentRoutes.list, { query: {} }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect((failure as ApiError).status).toBe(401)
    expect(sent).toHaveLength(2)
  })

  it('opens a chat stream with the session token', async () => {
    const client = createApiClient({
      baseUrl: listening.baseUrl,
      storage: memoryStorage(),
      authorize: () => shopToken(),
    })
    const [agent] = (await client.call(agentRoutes.list, { query: {} })).agents
    const conversation = await client.call(conversationRoutes.start, {
      body: { name: 'Stream check', agent_id: agent?.agent_id ?? '' },
    })
    const stream = await client.openStream(`/conversations/chat/${agent?.agent_id}/${conversation.conversation_id}/`, {
      message_text: 'Hello there',
    })
    expect(stream.headers.get('content-type')).toContain('text/event-stream')
    expect(await stream.text()).toContain('event:')
    expect(sent.at(-1)?.csrf).toBeNull()
  })

  it('does not ask again when the token is refused for another reason than its age', async () => {
    let asked = 0
    const client = createApiClient({
      baseUrl: listening.baseUrl,
      storage: memoryStorage(),
      authorize: async () => (asked++, (await getJwt('never-installed', API_KEY, API_SECRET)).token),
    })
    const failure = await client.call(agentRoutes.list, { query: {} }).catch((error: unknown) => error)
    expect((failure as ApiError).status).toBe(401)
    expect((failure as ApiError).body?.reason).toBe('shop_not_installed')
    expect(asked).toBe(1)
    expect(sent).toHaveLength(1)
  })

  it('opens a stream again with a fresh token when the first has expired', async () => {
    const fresh = createApiClient({
      baseUrl: listening.baseUrl,
      storage: memoryStorage(),
      authorize: () => shopToken(),
    })
    const [agent] = (await fresh.call(agentRoutes.list, { query: {} })).agents
    const conversation = await fresh.call(conversationRoutes.start, {
      body: { name: 'Stream retry', agent_id: agent?.agent_id ?? '' },
    })
    sent.length = 0
    const tokens = [await shopToken({ exp: Math.floor(Date.now() / 1000) - 60 }), await shopToken()]
    const client = createApiClient({
      baseUrl: listening.baseUrl,
      storage: memoryStorage(),
      authorize: async () => tokens.shift() ?? 'no more tokens',
    })
    const stream = await client.openStream(`/conversations/chat/${agent?.agent_id}/${conversation.conversation_id}/`, {
      message_text: 'Second try',
    })
    expect(await stream.text()).toContain('event: done')
    expect(sent).toHaveLength(2)
    expect(tokens).toEqual([])
  })
})
