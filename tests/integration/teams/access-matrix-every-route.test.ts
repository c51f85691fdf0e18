// Every /api/agents and /api/conversations route the app registers is in the access matrix (one of the
// access-matrix-*-routes.ts tables) or answers only for what the caller reaches, and every matrix entry
// is a registered route. An account API key is tried on every route: it is taken exactly where
// API_KEY_REACH (mirrored in docs/api/accounts.md) says, and refused with 403 everywhere else.
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_KEY_REACH, apiKeyReachOf } from '../../../server/http/api-key-reach.ts'
import { bearer, signUp } from '../../support/accounts.ts'
import type { TestApp } from '../../support/create-test-app.ts'
import { firstChunkOnly, isLiveStreamPath } from '../../support/first-chunk-only.ts'
import { createAgentFor } from '../../support/knowledge.ts'
import { listRoutes } from '../../support/list-routes.ts'
import { AGENT_ROUTES } from './access-matrix-agent-routes.ts'
import { CONVERSATION_ROUTES } from './access-matrix-conversation-routes.ts'
import { KNOWLEDGE_ROUTES } from './access-matrix-knowledge-routes.ts'
import { createMatrixApp } from './access-matrix-support.ts'
import { WIDGET_ROUTES } from './access-matrix-widget-routes.ts'

const MATRIX = { ...AGENT_ROUTES, ...KNOWLEDGE_ROUTES, ...WIDGET_ROUTES, ...CONVERSATION_ROUTES }

let testApp: TestApp

beforeAll(async () => {
  testApp = await createMatrixApp()
})
afterAll(() => testApp.cleanup())

// Routes about agents that take no agent id in their path: each answers only for agents the caller
// reaches (tested in teams.test.ts and agents.test.ts). A new /agents route must be classified here or
// in one of the matrix's route tables, or this file fails.
const NOT_PATH_SCOPED = new Set([
  'GET /api/agents/', // lists only visible agents
  'POST /api/agents/create/', // creates the caller's own agent
  'GET /api/agents/permissions/user/', // the caller's own permissions
  'POST /api/agents/permissions/check-content/', // answers allowed: false for an agent the caller cannot reach
  'GET /api/conversations/index/', // lists conversations of visible agents only (agent_id: as its agent's list)
  // The public widget calls: a visitor's token and the page's origin decide (tests/integration/widgets/).
  'POST /api/conversations/api/start-chat-widget/',
  'POST /api/conversations/api/tokens/',
  'POST /api/conversations/api/tokens/refresh/',
  'POST /api/conversations/api/create/',
  'GET /api/conversations/api/chat/:conversationId/',
  'POST /api/conversations/api/chat/:conversationId/',
  'POST /api/conversations/api/chat/:conversationId/person/',
  'POST /api/conversations/api/chat/:conversationId/contact/',
  'GET /api/conversations/api/chat/:conversationId/live/',
  'POST /api/conversations/api/chat/:conversationId/feedback/',
  'POST /api/conversations/api/chat/:conversationId/cart/',
  'GET /api/conversations/api/conversations/',
])

describe('the access matrix', () => {
  it('classifies every /api/agents and /api/conversations route: in the matrix, or answering only for what the caller reaches', () => {
    const agentRoutes = listRoutes(testApp.app).filter((route) =>
      /^\/api\/(agents|conversations)\//.test(route.split(' ')[1] ?? ''),
    )
    expect(agentRoutes.filter((route) => !(route in MATRIX) && !NOT_PATH_SCOPED.has(route))).toEqual([])
  })

  it('has an entry for every agent-scoped route the app registers', () => {
    const agentScoped = listRoutes(testApp.app).filter((route) => route.includes(':agentId'))
    expect(agentScoped.filter((route) => !(route in MATRIX))).toEqual([])
    const registered = listRoutes(testApp.app)
    expect(Object.keys(MATRIX).filter((route) => !registered.includes(route))).toEqual([])
  })
})

describe('an account API key on every route', () => {
  // The reasons authenticate() gives: a route that answers one of them to a key looked at the key.
  const AUTHENTICATE_REASONS = ['missing_token', 'api_key_not_accepted', 'invalid_api_key']

  async function call(route: string, path: string, headers: Record<string, string>) {
    const method = route.split(' ')[0]!.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch'
    let request = testApp.request[method](path).set(headers)
    if (isLiveStreamPath(path)) request = request.buffer(true).parse(firstChunkOnly)
    const response = method === 'get' || method === 'delete' ? await request : await request.send({})
    return { status: response.status, reason: (response.body as { reason?: string } | undefined)?.reason }
  }

  it('is taken on the calls the table opens to keys, refused with 403 on every other signed-in call, and ignored by the rest', async () => {
    const owner = await signUp(testApp)
    const agentId = await createAgentFor(testApp, owner, 'Key reach bot')
    const created = await testApp.request
      .post('/api/accounts/api-keys/')
      .set(bearer(owner.access))
      .send({ name: 'Walk' })
    const key = created.body.key as string
    const routes = listRoutes(testApp.app).filter((route) => route.split(' ')[1]!.startsWith('/api/'))
    const wrong: string[] = []
    const seen = { taken: 0, refused: 0, public: 0 }
    for (const route of routes) {
      const template = route.split(' ')[1]!
      // The owner's own agent where a route names one (so some calls succeed); any id elsewhere.
      const path = template.replace(/:(\w+)/g, (_match, name: string) => (name === 'agentId' ? agentId : randomUUID()))
      const anonymous = await call(route, path, {})
      const withKey = await call(route, path, bearer(key))
      const signsIn = anonymous.status === 401 && anonymous.reason === 'missing_token'
      const reach = apiKeyReachOf(template)
      const answered = `${withKey.status} ${withKey.reason ?? ''}`
      if (!signsIn) {
        seen.public += 1
        // A call that needs no sign-in never looks at a key: it answers as to anyone.
        if (withKey.reason && AUTHENTICATE_REASONS.includes(withKey.reason))
          wrong.push(`${route}: public, yet ${answered}`)
      } else if (!reach) {
        wrong.push(`${route}: signs in, but no group of API_KEY_REACH names it`)
      } else if (reach.takesKey) {
        seen.taken += 1
        if (withKey.status === 401 || (withKey.reason && AUTHENTICATE_REASONS.includes(withKey.reason)))
          wrong.push(`${route}: open to keys, yet ${answered}`)
      } else {
        seen.refused += 1
        if (withKey.status !== 403 || withKey.reason !== 'api_key_not_accepted')
          wrong.push(`${route}: closed to keys, yet ${answered}`)
      }
    }
    expect(wrong).toEqual([])
    // The walk did reach each kind (a broken probe would make every route look public).
    expect(seen.taken).toBeGreaterThan(50)
    expect(seen.refused).toBeGreaterThan(30)
    expect(seen.public).toBeGreaterThan(10)
  }, 300_000) // two calls to each of some 150 routes

  it('reaches what the table in docs/api/accounts.md shows, row for row', async () => {
    const docs = await readFile(new URL('../../../docs/api/accounts.md', import.meta.url), 'utf8')
    const rows = docs.split('\n').filter((line) => / \| (taken|refused) \|$/.test(line))
    expect(rows).toEqual(
      API_KEY_REACH.map(
        ({ calls, routes, takesKey }) =>
          `| ${calls} | ${routes.map((route) => `\`${route}…\``).join(', ')} | ${takesKey ? 'taken' : 'refused'} |`,
      ),
    )
  })

  it('cannot create, list or delete outgoing webhook endpoints, but can send a custom event', async () => {
    const owner = await signUp(testApp)
    const key = (
      await testApp.request.post('/api/accounts/api-keys/').set(bearer(owner.access)).send({ name: 'Hooks' })
    ).body.key as string
    const create = await testApp.request
      .post('/api/webhooks/endpoints/')
      .set(bearer(key))
      .send({ url: 'https://hooks.example.com/leak', events: ['contact.provided'] })
    expect(create.status).toBe(403)
    expect(create.body.secret).toBeUndefined()
    expect(create.body.message).toBe(
      'API keys are accepted on the agents, knowledge and conversations calls and on custom webhook events only.',
    )
    expect((await testApp.request.get('/api/webhooks/endpoints/').set(bearer(key))).status).toBe(403)
    expect(await testApp.database.prisma.webhookEndpoint.count({ where: { accountId: owner.userId } })).toBe(0)
    const event = await testApp.request
      .post('/api/webhooks/events/')
      .set(bearer(key))
      .send({ name: 'order.shipped', data: { order: 1 } })
    expect(event.status).toBe(202)
  })
})
