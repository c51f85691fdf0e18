// Every answer that carries a token, key or secret says Cache-Control: no-store (issue 36). The routes
// marked sendsSecret are read from the router and each checked; then every route of the API gets one good
// request, and any answer holding a field named like a secret must carry the header: a new route that
// hands out a token without the mark fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer } from '../support/accounts.ts'
import { firstChunkOnly, isLiveStreamPath } from '../support/first-chunk-only.ts'
import { listRoutes, listSecretRoutes } from '../support/list-routes.ts'
import { bodyTakenBy, fillPath, goodBody, goodParams } from '../support/walk-good-requests.ts'
import { freshFixture, SITE, startWalkApp, type WalkApp } from '../support/walk-app.ts'

let walk: WalkApp
beforeAll(async () => {
  walk = await startWalkApp()
}, 180_000)
afterAll(async () => {
  await walk?.testApp.cleanup()
})

// Field names that hold a credential (with text in them: `tokens` elsewhere counts a model's tokens). A
// widget's client_key is not one: every page that embeds the widget shows it.
const SECRET_FIELD = /^(token|access|refresh|secret|csrftoken|x-csrftoken)$|_(token|secret)$/i
// Text shaped like a credential whatever its field: an API key, a signing secret, a link's token=.
const SECRET_TEXT = /^adk_(live|test)_[A-Za-z0-9_-]{32}$|^whsec_[A-Za-z0-9+/=]{20,}$|[?&]token=/

/** Where a JSON answer holds a credential: fields named like one, or text shaped like one. */
function secretsIn(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return SECRET_TEXT.test(value) ? [path] : []
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([name, inner]) =>
    SECRET_FIELD.test(name) && typeof inner === 'string' && inner !== ''
      ? [`${path}.${name}`]
      : secretsIn(inner, `${path}.${name}`),
  )
}

function headersFor({ owner, widget }: WalkApp, route: string): Record<string, string> {
  if (/ \/api\/(conversations\/api|widget-configurations|widget-logos)\//.test(route))
    return { Authorization: `Bearer ${widget.token}`, Origin: SITE }
  return bearer(owner.access)
}

describe('answers that carry a secret', () => {
  it('are the routes marked sendsSecret, and each says no-store even when it refuses', async () => {
    const marked = listSecretRoutes(walk.testApp.app)
    expect(marked.sort()).toEqual(
      [
        'GET /api/accounts/csrf/',
        'POST /api/accounts/login/',
        'POST /api/accounts/login/link/confirm/',
        'POST /api/accounts/register/',
        'POST /api/accounts/google-login/',
        'POST /api/accounts/token/refresh/',
        'POST /api/accounts/api-keys/',
        'POST /api/webhooks/endpoints/',
        'POST /api/agents/:agentId/integrations/frontend/:integrationId/identity-secret/',
        'POST /api/agents/:agentId/documents/:documentId/download-link/',
        'POST /api/conversations/api/start-chat-widget/',
        'POST /api/conversations/api/tokens/',
        'POST /api/conversations/api/tokens/refresh/',
        'GET /shopify/proxy/bootstrap',
      ].sort(),
    )
    for (const route of marked) {
      const [method, template] = route.split(' ') as [string, string]
      const path = template.replace(/:\w+/g, '00000000-0000-0000-0000-000000000000')
      // No credentials and an empty body: the refusal says no-store as the answer with the secret would.
      const response = await walk.testApp.request[method.toLowerCase() as 'get' | 'post'](path).send({})
      expect(response.headers['cache-control'], `${route} → ${response.status}`).toBe('no-store')
    }
  })

  // What the walk's shared account cannot make again (past 20 keys, 10 endpoints) or sign in with, and
  // the calls whose bodies the walk's catch-all body would not fit.
  it('hand out sign-in tokens, an API key, a signing secret and widget sessions with no-store', async () => {
    const { request } = walk.testApp
    const email = `no-store-${Date.now()}@walk.example.com`
    const password = 'Correct-Horse-9'
    const registered = await request.post('/api/accounts/register/').send({ email, password, full_name: 'No Store' })
    const loggedIn = await request.post('/api/accounts/login/').send({ email, password })
    const refreshed = await request
      .post('/api/accounts/token/refresh/')
      .send({ refresh_token: loggedIn.body.tokens.refresh as string })
    const access = bearer(refreshed.body.access_token as string)
    const key = await request.post('/api/accounts/api-keys/').set(access).send({ name: 'No store' })
    const endpoint = await request
      .post('/api/webhooks/endpoints/')
      .set(access)
      .send({ url: 'https://hooks.example.com/no-store', events: ['custom.event'] })
    const widgetStart = await request
      .post('/api/conversations/api/start-chat-widget/')
      .set('Origin', SITE)
      .send({ client_key: walk.widget.clientKey })
    const widgetTokens = await request
      .post('/api/conversations/api/tokens/')
      .set('Origin', SITE)
      .send({ client_key: walk.widget.clientKey })
    const widgetRefreshed = await request
      .post('/api/conversations/api/tokens/refresh/')
      .set('Origin', SITE)
      .send({ refresh_token: widgetStart.body.refresh_token as string })
    for (const [route, response] of Object.entries({
      registered,
      loggedIn,
      refreshed,
      key,
      endpoint,
      widgetStart,
      widgetTokens,
      widgetRefreshed,
    })) {
      expect(response.status, `${route}: ${JSON.stringify(response.body)}`).toBeLessThan(300)
      expect(secretsIn(response.body), route).not.toEqual([])
      expect(response.headers['cache-control'], route).toBe('no-store')
    }
  })

  it('say no-store on every route of the API, found by what they hold', async () => {
    const routes = listRoutes(walk.testApp.app).filter((route) => / \/api\//.test(route))
    const unmarked: string[] = []
    const carrying = new Set<string>()
    for (const route of routes) {
      const [method, template] = route.split(' ') as [string, string]
      const fixture = await freshFixture(walk)
      const path = fillPath(template, goodParams(route, fixture, walk))
      const call = () => {
        const request = walk.testApp.request[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path).set(
          headersFor(walk, route),
        )
        return isLiveStreamPath(path) ? request.buffer(true).parse(firstChunkOnly) : request
      }
      const body = goodBody(fixture, route)
      let response = method === 'GET' || method === 'DELETE' ? await call() : await call().send(body)
      // Bodies are strict: a route that named fields it does not take is sent the good body without them.
      const takenBody = method === 'GET' || method === 'DELETE' ? undefined : bodyTakenBy(body, response)
      if (takenBody) response = await call().send(takenBody)
      // A refusal holds no secret (its `fields` name the body's fields, a token among them).
      const secrets = response.status < 300 ? secretsIn(response.body) : []
      if (secrets.length === 0) continue
      carrying.add(route)
      if (response.headers['cache-control'] !== 'no-store')
        unmarked.push(
          `${route} → ${response.status} with ${secrets.join(', ')}, Cache-Control: ${response.headers['cache-control']}`,
        )
    }
    expect(unmarked).toEqual([])
    // The walk did reach the answers that hand out secrets (a broken walk would find none to check).
    expect([...carrying].sort()).toEqual(
      expect.arrayContaining([
        'GET /api/accounts/csrf/',
        'POST /api/agents/:agentId/integrations/frontend/:integrationId/identity-secret/',
        'POST /api/agents/:agentId/documents/:documentId/download-link/',
      ]),
    )
  }, 600_000)
})
