// Every route of the router, read from Express itself, gets a fixed battery of hostile input: malformed
// ids in each path parameter, NUL and control characters, JSON nested 16,000 levels deep, wrong types,
// and multipart bodies carrying the same. Whatever a route answers, it is never a 5xx: a 500 here is
// input that reached the database or the code unchecked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAYMENTS_NOT_SET_UP } from '../../server/billing/checkout.ts'
import { bearer } from '../support/accounts.ts'
import { firstChunkOnly, isLiveStreamPath } from '../support/first-chunk-only.ts'
import { listFileFields, listRoutes } from '../support/list-routes.ts'
import { probesFor, proxyProbes, type Probe } from '../support/malformed-probes.ts'
import { bodyTakenBy, goodBody, goodPathFor } from '../support/walk-good-requests.ts'
import { freshFixture, SITE, startWalkApp, type Fixture, type WalkApp } from '../support/walk-app.ts'

let walk: WalkApp
let routes: string[]
const NEEDS_STATE_THE_WALK_LACKS = new Set([
  'POST /api/plans/start-trial/',
  // Meta's callback: success needs Meta's signature or verify token, which the signed walk holds
  // (malformed-signed-webhooks.test.ts); here it refuses every probe, never with a 5xx.
  'GET /api/channels/meta/webhook/',
  'POST /api/channels/meta/webhook/',
])
let fileFields: Map<string, string>
beforeAll(async () => {
  walk = await startWalkApp()
  routes = listRoutes(walk.testApp.app).filter((route) => /^\S+ \/(api|shopify\/proxy)\//.test(route))
  fileFields = listFileFields(walk.testApp.app)
})
afterAll(async () => {
  await walk?.testApp.cleanup()
})

function headersFor({ owner, widget }: WalkApp, route: string): Record<string, string> {
  if (route.includes(' /shopify/proxy/')) return { Referer: `${SITE}/products/lamp` }
  if (/ \/api\/(conversations\/api|widget-configurations|widget-logos)\//.test(route))
    return { Authorization: `Bearer ${widget.token}`, Origin: SITE }
  return bearer(owner.access)
}

async function send(walk: WalkApp, route: string, probe: Probe) {
  const method = route.split(' ')[0]!.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch'
  let request = walk.testApp.request[method](probe.path).set(headersFor(walk, route))
  if (probe.query) request = request.query(probe.query)
  // A live stream that opens stays open: its first chunk says enough.
  if (isLiveStreamPath(probe.path)) request = request.buffer(true).parse(firstChunkOnly)
  if (probe.json !== undefined) return request.set('Content-Type', 'application/json').send(probe.json)
  if (probe.form) {
    for (const [field, value] of Object.entries(probe.form.fields)) request = request.field(field, value)
    if (probe.form.file)
      request = request.attach(probe.form.file, Buffer.from('GIF89a walk file'), probe.form.fileName ?? 'walk.txt')
  }
  return request
}

/** What the server logged about a failed request (the client sees only a request id). */
function causeOf({ testApp }: WalkApp, body: unknown) {
  const requestId = (body as { request_id?: string } | undefined)?.request_id
  const logged = testApp.logLines.find(
    (line) => (line.req as { id?: string } | undefined)?.id === requestId && line.err,
  ) as { err?: { message?: string } } | undefined
  return logged?.err?.message?.slice(0, 300) ?? JSON.stringify(body).slice(0, 300)
}

/**
 * Bodies are strict: the route is first sent the walk's whole good body, and names the fields it does not
 * take; the probes then carry only the others, so each bad value reaches the fields the route reads.
 */
async function learnBody(route: string, fixture: Fixture) {
  const method = route.split(' ')[0]!.toLowerCase()
  if (method === 'get' || method === 'delete') return { takenBody: undefined, answer: undefined }
  let request = walk.testApp.request[method as 'post' | 'put' | 'patch'](goodPathFor(walk, route, fixture)).set(
    headersFor(walk, route),
  )
  if (isLiveStreamPath(request.url)) request = request.buffer(true).parse(firstChunkOnly)
  const full = goodBody(fixture, route)
  const answer = await request.send(full).catch((error: Error) => ({ status: 599, body: error.message }))
  return { takenBody: bodyTakenBy(full, answer), answer }
}

describe('the malformed-input walk', () => {
  it('reaches every route of the API, the public widget calls and the app proxy', () => {
    expect(routes.length).toBeGreaterThan(80)
    expect(routes).toContain('PUT /api/agents/:agentId/integrations/frontend/:integrationId/')
    expect(routes).toContain('POST /api/conversations/api/chat/:conversationId/')
    expect(routes).toContain('GET /shopify/proxy/bootstrap')
    expect([...fileFields.values()].sort()).toEqual([
      'attachment',
      'document_file',
      'profile_image',
      'website_logo',
      'website_logo',
      'website_logo',
      'website_logo',
    ])
  })

  // The routes are read from the router at run time; a failure names the route and the probe.
  it('answers every hostile request to every route without a 5xx', async () => {
    const failures: string[] = []
    const answeredOk: string[] = []
    for (const route of routes) {
      const fixture = await freshFixture(walk)
      const { takenBody, answer } = await learnBody(route, fixture)
      if (answer && answer.status >= 500 && (answer.body as { message?: string })?.message !== PAYMENTS_NOT_SET_UP)
        failures.push(`${route} [the whole good body] → ${answer.status} ${causeOf(walk, answer.body)}`)
      if (answer && answer.status < 300) answeredOk.push(route)
      const probes = probesFor(walk, route, fixture, fileFields.get(route), takenBody)
      if (route === 'GET /shopify/proxy/bootstrap') probes.push(...proxyProbes())
      for (const probe of probes) {
        // No answer at all (a reset connection) counts as a failure too.
        const response = await send(walk, route, probe).catch((error: Error) => ({ status: 599, body: error.message }))
        // Paying answers 503 by design on a server without a payment provider: that is its answer, not a crash.
        const unavailableByDesign =
          response.status === 503 &&
          (response.body as { message?: string } | undefined)?.message === PAYMENTS_NOT_SET_UP
        if (response.status >= 500 && !unavailableByDesign)
          failures.push(`${route} [${probe.label}] → ${response.status} ${causeOf(walk, response.body)}`)
        if (response.status < 300 && !answeredOk.includes(route)) answeredOk.push(route)
      }
    }
    expect(failures).toEqual([])
    // The good values reach the handlers (so each bad one is tried where it matters): most routes took
    // some probe. The rest need a secret the walk does not hold (a password, a signed token, a stored file).
    // Routes whose success needs a state the walk never has are left out of the count: starting one's own
    // trial needs an account that never had a plan, and the walk's accounts all start theirs.
    const countable = routes.filter((route) => !NEEDS_STATE_THE_WALK_LACKS.has(route))
    const neverOk = countable.filter((route) => !answeredOk.includes(route))
    expect(answeredOk.length, `never answered 2xx: ${neverOk.join(', ')}`).toBeGreaterThan(countable.length * 0.8)
  }, 600_000)
})
