// Every body the API reads is strict: a field it does not know answers 400 naming it, before anything is
// done (docs/api/README: bodies are strict). Each POST, PUT, PATCH and DELETE route of the router, read from
// Express at run time so a new route is walked too, gets a JSON body (and, where it takes a file, a
// multipart form) with one unknown field; a route that reads no body at all is named below with why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer } from '../support/accounts.ts'
import { firstChunkOnly, isLiveStreamPath } from '../support/first-chunk-only.ts'
import { listFileFields, listRoutes } from '../support/list-routes.ts'
import { goodPathFor } from '../support/walk-good-requests.ts'
import { freshFixture, SITE, startWalkApp, type WalkApp } from '../support/walk-app.ts'

// Routes that read no body: what they act on is in the path (or is the caller itself).
const IN_THE_PATH = 'what it acts on is in the path'
const BODYLESS: Record<string, string> = {
  'POST /api/plans/webhook/': "Stripe's event, raw and signed: its shape is Stripe's (decision 039)",
  'POST /api/channels/meta/webhook/':
    "Meta's delivery, raw and signed: its shape is Meta's, which adds fields over time",
  'POST /api/accounts/profile/image/': 'multipart with the file profile_image alone: no text field is read',
  'POST /api/accounts/verify-email/resend/': 'acts on the signed-in user',
  'POST /api/accounts/change-email/cancel/': 'acts on the signed-in user',
  'POST /api/plans/start-trial/': 'acts on the signed-in user',
  'POST /api/conversations/api/chat/:conversationId/person/': IN_THE_PATH,
  'DELETE /api/accounts/api-keys/:keyId/': IN_THE_PATH,
  'DELETE /api/agents/:agentId/delete/': IN_THE_PATH,
  'DELETE /api/agents/:agentId/texts/:textId/delete/': IN_THE_PATH,
  'DELETE /api/agents/:agentId/leads/:leadId/': IN_THE_PATH,
  'DELETE /api/agents/:agentId/websites/:websiteId/delete/': IN_THE_PATH,
  'POST /api/agents/:agentId/websites/:websiteId/crawl/': IN_THE_PATH,
  'DELETE /api/agents/:agentId/documents/:documentId/delete/': IN_THE_PATH,
  'POST /api/agents/:agentId/documents/:documentId/download-link/': IN_THE_PATH,
  'POST /api/agents/:agentId/:objectType/embed-all/': IN_THE_PATH,
  'DELETE /api/agents/:agentId/:objectType/:objectId/embeddings/delete/': IN_THE_PATH,
  'POST /api/agents/:agentId/:objectType/:objectId/embeddings/delete/': IN_THE_PATH,
  'PUT /api/conversations/:conversationId/read/': IN_THE_PATH,
  'POST /api/conversations/:agentId/:conversationId/:messageId/retry/': IN_THE_PATH,
  'DELETE /api/webhooks/endpoints/:endpointId/': IN_THE_PATH,
  'POST /api/conversations/:agentId/:conversationId/takeover/': IN_THE_PATH,
  'POST /api/conversations/:agentId/:conversationId/release/': IN_THE_PATH,
  'DELETE /api/agents/:agentId/integrations/frontend/:integrationId/': IN_THE_PATH,
  'DELETE /api/agents/:agentId/integrations/frontend/:integrationId/delete/': IN_THE_PATH,
  'POST /api/agents/:agentId/integrations/frontend/:integrationId/identity-secret/': IN_THE_PATH,
  'DELETE /api/agents/:agentId/integrations/frontend/:integrationId/identity-secret/': IN_THE_PATH,
  'DELETE /api/agents/:agentId/channels/:channelId/': IN_THE_PATH,
}

let walk: WalkApp
let routes: string[]
let fileFields: Map<string, string>
beforeAll(async () => {
  walk = await startWalkApp()
  routes = listRoutes(walk.testApp.app).filter((route) => /^(POST|PUT|PATCH|DELETE) \/api\//.test(route))
  fileFields = listFileFields(walk.testApp.app)
}, 180_000)
afterAll(async () => {
  await walk?.testApp.cleanup()
})

function headersFor({ owner, widget }: WalkApp, route: string): Record<string, string> {
  if (/ \/api\/(conversations\/api|widget-configurations|widget-logos)\//.test(route))
    return { Authorization: `Bearer ${widget.token}`, Origin: SITE }
  return bearer(owner.access)
}

const UNKNOWN = 'walk_unknown_field'
const NAMED = `Unknown field: ${UNKNOWN}.`

describe('strict bodies', () => {
  it('create-checkout-session refuses plan_id, amount and currency by name', async () => {
    const response = await walk.testApp.request
      .post('/api/plans/create-checkout-session/')
      .set(bearer(walk.owner.access))
      .send({ price_id: 4, plan_id: 1, amount: 1, currency: 'USD' })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      error: 'VALIDATION_ERROR',
      message: 'Unknown fields: plan_id, amount, currency.',
      fields: { plan_id: ['Unknown field.'], amount: ['Unknown field.'], currency: ['Unknown field.'] },
    })
  })

  it('every route that reads a body answers an unknown field with 400 naming it', async () => {
    const lenient: string[] = []
    const lenientRoutes = new Set<string>()
    for (const route of routes) {
      const fixture = await freshFixture(walk)
      const method = route.split(' ')[0]!.toLowerCase() as 'post' | 'put' | 'patch' | 'delete'
      const path = goodPathFor(walk, route, fixture)
      const call = () => {
        const request = walk.testApp.request[method](path).set(headersFor(walk, route))
        return isLiveStreamPath(path) ? request.buffer(true).parse(firstChunkOnly) : request
      }
      const json = await call().send({ [UNKNOWN]: 'x' })
      if (
        json.status !== 400 ||
        json.body?.message !== NAMED ||
        json.body?.fields?.[UNKNOWN]?.[0] !== 'Unknown field.'
      ) {
        lenient.push(`${route} (JSON: ${json.status} ${String(json.body?.message).slice(0, 80)})`)
        lenientRoutes.add(route)
      }
      const fileField = fileFields.get(route)
      if (!fileField) continue
      const form = await call().field(UNKNOWN, 'x').attach(fileField, Buffer.from('GIF89a walk file'), 'walk.gif')
      if (form.status !== 400 || form.body?.message !== NAMED) {
        lenient.push(`${route} (multipart: ${form.status} ${String(form.body?.message).slice(0, 80)})`)
        lenientRoutes.add(route)
      }
    }
    expect(lenient.filter((line) => !(line.split(' (')[0]! in BODYLESS))).toEqual([])
    // The list of routes without a body stays true: each still exists and still reads no body.
    expect(Object.keys(BODYLESS).filter((route) => !lenientRoutes.has(route))).toEqual([])
  }, 600_000)
})
