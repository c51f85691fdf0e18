// @database-specific: keys made at once race on the per-account ceiling
// Issue 19: account API keys. Made (the key shown once), listed masked, deleted; accepted as a bearer on
// the agents, knowledge and conversations calls of their account only, each key with its own rate limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiKeyListSchema, CreatedApiKeySchema } from '../../../server/accounts/api-keys/api-keys.schemas.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { createAgentFor } from '../../support/knowledge.ts'

let testApp: TestApp
let owner: SignedUp
let agentId = ''
beforeAll(async () => {
  testApp = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000', API_KEY_REQUESTS_PER_MINUTE: '1000' })
  owner = await signUp(testApp)
  agentId = await createAgentFor(testApp, owner, 'Key bot')
})
afterAll(() => testApp.cleanup())

const makeKey = (account: SignedUp, body: object) =>
  testApp.request.post('/api/accounts/api-keys/').set(bearer(account.access)).send(body)
const listKeys = (account: SignedUp) => testApp.request.get('/api/accounts/api-keys/').set(bearer(account.access))

describe('making and listing API keys', () => {
  it('shows a new key once, then only masked, and refuses a nameless key or an unknown environment', async () => {
    const made = await makeKey(owner, { name: 'Order sync', environment: 'production' })
    expect(made.status).toBe(201)
    CreatedApiKeySchema.parse(made.body)
    expect(made.body.key).toMatch(/^adk_live_[A-Za-z0-9_-]{32}$/)
    expect(made.body.message).toBe('API key created. Copy it now: it will not be shown again.')
    expect(made.body.api_key).toMatchObject({ name: 'Order sync', environment: 'production', last_used_at: null })
    expect(made.body.api_key.masked_key).toBe(`adk_live_${'•'.repeat(12)}${made.body.key.slice(-4)}`)

    const test = await makeKey(owner, { name: 'Staging', environment: 'development' })
    expect(test.body.key).toMatch(/^adk_test_/)

    const listed = await listKeys(owner)
    expect(listed.status).toBe(200)
    ApiKeyListSchema.parse(listed.body)
    expect(listed.body.api_keys.map((key: { name: string }) => key.name)).toEqual(['Staging', 'Order sync'])
    // The key itself is nowhere in a list, nor in the database: only its hash is kept.
    expect(JSON.stringify(listed.body)).not.toContain(made.body.key)
    const stored = await testApp.database.prisma.apiKey.findMany({ where: { accountId: owner.userId } })
    expect(JSON.stringify(stored)).not.toContain(made.body.key)

    const nameless = await makeKey(owner, { name: '  ' })
    expect(nameless.status).toBe(400)
    expect(nameless.body.message).toBe('Key name is required')
    const unknown = await makeKey(owner, { name: 'X', environment: 'staging' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toBe('Environment must be production or development')
  })

  it('lists only the account’s own keys, and deletes only them', async () => {
    const stranger = await signUp(testApp)
    const theirs = await makeKey(stranger, { name: 'Theirs' })
    expect((await listKeys(owner)).body.api_keys.map((key: { name: string }) => key.name)).not.toContain('Theirs')
    const refused = await testApp.request
      .delete(`/api/accounts/api-keys/${theirs.body.api_key.key_id}/`)
      .set(bearer(owner.access))
    expect(refused.status).toBe(404)
    expect(refused.body.message).toBe('API key not found')
    expect((await listKeys(stranger)).body.api_keys).toHaveLength(1)
  })

  it('allows twenty keys an account, also when several are made at once', async () => {
    const busy = await signUp(testApp)
    for (let made = 0; made < 18; made += 1) expect((await makeKey(busy, { name: `Key ${made}` })).status).toBe(201)
    const racing = await Promise.all([1, 2, 3, 4].map((n) => makeKey(busy, { name: `Racing ${n}` })))
    expect(racing.map((response) => response.status).sort()).toEqual([201, 201, 409, 409])
    expect(racing.find((response) => response.status === 409)?.body.message).toBe(
      'You can have at most 20 API keys. Delete one you no longer use, then create another.',
    )
    expect(await testApp.database.prisma.apiKey.count({ where: { accountId: busy.userId } })).toBe(20)
  })
})

describe('calling with an API key', () => {
  let key = ''
  beforeAll(async () => {
    key = (await makeKey(owner, { name: 'Server' })).body.key
  })

  it('reads and changes the account’s agents, knowledge and conversations', async () => {
    const agents = await testApp.request.get('/api/agents/').set(bearer(key))
    expect(agents.status).toBe(200)
    expect(agents.body.agents.map((agent: { agent_id: string }) => agent.agent_id)).toContain(agentId)
    const text = await testApp.request
      .post(`/api/agents/${agentId}/texts/create/`)
      .set(bearer(key))
      .send({ text_title: 'Hours', text_content: 'We are open from 9 to 5 on weekdays.' })
    expect(text.status).toBe(201)
    const conversation = await testApp.request
      .post('/api/conversations/create/')
      .set(bearer(key))
      .send({ name: 'From the server', agent_id: agentId })
    expect(conversation.status).toBe(201)
    const answer = await testApp.request
      .post(`/api/conversations/chat/${agentId}/${conversation.body.conversation_id}/`)
      .set(bearer(key))
      .send({ message_text: 'When are you open?' })
    expect(answer.status).toBe(200)
    expect(answer.body.ai_message.message_text.length).toBeGreaterThan(0)
    const used = (await listKeys(owner)).body.api_keys.find((item: { name: string }) => item.name === 'Server')
    expect(used.last_used_at).not.toBeNull()
  })

  it('is refused on account, team, billing, key and webhook endpoint calls, saying where it works', async () => {
    for (const [method, path] of [
      ['get', '/api/accounts/profile/'],
      ['get', '/api/accounts/team/'],
      ['get', '/api/subscriptions/current/'],
      ['get', '/api/dashboard/api/stats/'],
      ['get', '/api/accounts/api-keys/'],
      ['post', '/api/accounts/api-keys/'],
      ['get', '/api/webhooks/endpoints/'],
      ['post', '/api/webhooks/endpoints/'],
    ] as const) {
      const response = await testApp.request[method](path).set(bearer(key)).send({ name: 'Another' })
      expect(response.status, path).toBe(403)
      expect(response.body.message).toBe(
        'API keys are accepted on the agents, knowledge and conversations calls and on custom webhook events only.',
      )
    }
  })

  it('reaches no other account’s agent', async () => {
    const stranger = await signUp(testApp)
    const theirAgent = await createAgentFor(testApp, stranger, 'Not yours')
    expect((await testApp.request.get(`/api/agents/${theirAgent}/`).set(bearer(key))).status).toBe(404)
  })

  it('stops working the moment it is deleted', async () => {
    const doomed = await makeKey(owner, { name: 'Doomed' })
    expect((await testApp.request.get('/api/agents/').set(bearer(doomed.body.key))).status).toBe(200)
    const deleted = await testApp.request
      .delete(`/api/accounts/api-keys/${doomed.body.api_key.key_id}/`)
      .set(bearer(owner.access))
    expect(deleted.body).toEqual({ message: 'API key deleted' })
    const after = await testApp.request.get('/api/agents/').set(bearer(doomed.body.key))
    expect(after.status).toBe(401)
    expect(after.body.message).toBe('This API key is not valid. It may have been deleted.')
    // A made-up key of the right shape is no better.
    const forged = await testApp.request.get('/api/agents/').set(bearer(`adk_live_${'A'.repeat(32)}`))
    expect(forged.status).toBe(401)
  })
})

describe('a key’s own rate limit', () => {
  it('refuses the calls past the limit with Retry-After, and leaves another key alone', async () => {
    const limited = await createTestApp({ API_KEY_REQUESTS_PER_MINUTE: '3' })
    try {
      const account = await signUp(limited)
      const make = async (name: string) =>
        (await limited.request.post('/api/accounts/api-keys/').set(bearer(account.access)).send({ name })).body
          .key as string
      const [first, second] = [await make('First'), await make('Second')]
      for (let call = 0; call < 3; call += 1)
        expect((await limited.request.get('/api/agents/').set(bearer(first))).status).toBe(200)
      const blocked = await limited.request.get('/api/agents/').set(bearer(first))
      expect(blocked.status).toBe(429)
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
      expect(blocked.body.message).toMatch(/^Too many calls with this API key\. Please try again in \d+ seconds\.$/)
      expect((await limited.request.get('/api/agents/').set(bearer(second))).status).toBe(200)
      // The account's own sign-in is not counted against its keys.
      expect((await limited.request.get('/api/agents/').set(bearer(account.access))).status).toBe(200)
    } finally {
      await limited.cleanup()
    }
  })
})
