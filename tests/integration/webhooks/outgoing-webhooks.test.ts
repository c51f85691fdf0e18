// Issue 21, signed outgoing webhooks: an account's endpoints hear the events they chose, each delivery
// signed as the Standard Webhooks specification describes (checked here with the specification's own
// reference library, standardwebhooks), delivered by a durable job through the crawler's SSRF-safe fetch,
// retried after a 500 and a timeout with the same message id, logged, and never sent to a private address.
import pino from 'pino'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWorker, type RunningWorker } from '../../../server/jobs/run-worker.ts'
import { completeIdleConversations } from '../../../server/webhooks/complete-idle-conversations.ts'
import { webhookJobHandlersFor } from '../../../server/webhooks/deliver-webhook-job.ts'
import type { DeliveryViewSchema } from '../../../server/webhooks/webhooks.schemas.ts'
import { EndpointViewSchema } from '../../../server/webhooks/webhooks.schemas.ts'
import { loadServerSecrets } from '../../../server/secrets/load-server-secrets.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { createAgentFor } from '../../support/knowledge.ts'
import { startLocalServer, type LocalServer } from '../../support/local-http-server.ts'
import { SECRET_KEY, newIntegration, visitor } from '../../support/widget-visitors.ts'

interface Received {
  path: string
  headers: Record<string, string>
  body: string
}

let testApp: TestApp
let owner: SignedUp
let agentId: string
let receiver: LocalServer
let worker: RunningWorker
const received: Received[] = []
/** What the receiver does with each next request: answer a status, or never answer ('hang'). */
const script: (number | 'hang')[] = []

beforeAll(async () => {
  receiver = await startLocalServer((req, res, body) => {
    received.push({ path: req.url ?? '', headers: req.headers as Record<string, string>, body: body.toString() })
    const next = script.shift() ?? 200
    if (next === 'hang') return
    res.writeHead(next).end()
  })
  testApp = await createTestApp({
    SECRET_KEY,
    WORKER_IN_SERVER: 'false',
    CRAWLER_ALLOWED_NETWORKS: '127.0.0.1/32',
    WEBHOOK_TIMEOUT_MS: '300',
    WIDGET_SESSIONS_PER_IP_PER_HOUR: '1000',
  })
  const secrets = await loadServerSecrets(testApp.database, testApp.config)
  worker = startWorker({
    database: testApp.database,
    logger: pino({ level: 'silent' }),
    handlers: webhookJobHandlersFor({
      config: testApp.config,
      database: testApp.database,
      sealingKey: secrets.sealingKey,
    }),
    pollMs: 20,
    backoffMs: () => 50,
  })
  owner = await signUp(testApp)
  agentId = await createAgentFor(testApp, owner, 'Desk')
})
afterAll(async () => {
  await worker?.stop()
  await testApp.cleanup()
  await receiver.close()
})

const as = (account: SignedUp) => bearer(account.access)

async function addEndpoint(account: SignedUp, events: string[], path = '/hook') {
  const created = await testApp.request
    .post('/api/webhooks/endpoints/')
    .set(as(account))
    .send({ url: `${receiver.url}${path}`, events })
  expect(created.status).toBe(201)
  return created.body as { endpoint_id: string; secret: string }
}

const deliveriesOf = async (account: SignedUp, endpointId: string) =>
  (await testApp.request.get(`/api/webhooks/endpoints/${endpointId}/deliveries/`).set(as(account))).body
    .deliveries as ReturnType<typeof DeliveryViewSchema.parse>[]

async function settledDeliveries(account: SignedUp, endpointId: string, count: number) {
  await expect
    .poll(
      async () => {
        const deliveries = await deliveriesOf(account, endpointId)
        return deliveries.length >= count && deliveries.every((delivery) => delivery.status !== 'pending')
      },
      { timeout: 15_000, interval: 50 },
    )
    .toBe(true)
  return deliveriesOf(account, endpointId)
}

/** The receiver's requests to `path`, each verified with the endpoint's secret by the reference library. */
function verifiedAt(path: string, secret: string) {
  const hook = new Webhook(secret)
  return received
    .filter((request) => request.path === path)
    .map((request) => ({
      headers: request.headers,
      event: hook.verify(request.body, request.headers) as { type: string; data: Record<string, unknown> },
    }))
}

describe('outgoing webhooks', () => {
  it('signs each event as Standard Webhooks describes, and shows the secret only once', async () => {
    const endpoint = await addEndpoint(owner, ['conversation.started', 'contact.provided'], '/signed')
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    const listed = await testApp.request.get('/api/webhooks/endpoints/').set(as(owner))
    expect(listed.body.endpoints.map((item: unknown) => EndpointViewSchema.parse(item).endpoint_id)).toContain(
      endpoint.endpoint_id,
    )
    expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret)
    const row = await testApp.database.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.endpoint_id } })
    expect(row.sealedSecret).not.toContain(endpoint.secret.slice(6))

    const clientKey = (await newIntegration({ testApp, owner, agentId }, { collect_user_email: true })).client_key
    const session = await testApp.request
      .post('/api/conversations/api/start-chat-widget/')
      .set('Origin', 'https://shop.example.com')
      .send({ client_key: clientKey })
    const created = await testApp.request
      .post('/api/conversations/api/create/')
      .set({ Authorization: `Bearer ${session.body.token}`, Origin: 'https://shop.example.com' })
      .send({ visitor_email: 'lead@example.com', page_url: 'https://shop.example.com/pricing' })
    expect(created.status).toBe(201)
    const deliveries = await settledDeliveries(owner, endpoint.endpoint_id, 2)
    expect(deliveries.map((delivery) => [delivery.event, delivery.status, delivery.last_status_code])).toEqual(
      expect.arrayContaining([
        ['conversation.started', 'succeeded', 200],
        ['contact.provided', 'succeeded', 200],
      ]),
    )
    const events = verifiedAt('/signed', endpoint.secret)
    expect(events.map(({ event }) => event.type).sort()).toEqual(['contact.provided', 'conversation.started'])
    const started = events.find(({ event }) => event.type === 'conversation.started')!
    expect(started.event.data).toMatchObject({
      conversation_id: created.body.conversation_id,
      agent_id: agentId,
      channel: 'widget',
    })
    expect(started.headers['webhook-id']).toMatch(/^msg_/)
    expect(events.find(({ event }) => event.type === 'contact.provided')?.event.data).toMatchObject({
      email: 'lead@example.com',
      page_url: 'https://shop.example.com/pricing',
    })
    // A signature made with another secret, or over other bytes, does not verify.
    const other = new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`)
    expect(() => other.verify(received.at(-1)!.body, received.at(-1)!.headers)).toThrow()
  })

  it('retries after a 500 and a timeout with the same message id, and logs every attempt', async () => {
    const endpoint = await addEndpoint(owner, ['custom.event'], '/flaky')
    script.push(500, 'hang', 200)
    const sent = await testApp.request
      .post('/api/webhooks/events/')
      .set(as(owner))
      .send({ name: 'order.refunded', data: { order: 1042 } })
    expect(sent.status).toBe(202)
    const [delivery] = await settledDeliveries(owner, endpoint.endpoint_id, 1)
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, last_status_code: 200, last_error: null })
    const attempts = received.filter((request) => request.path === '/flaky')
    expect(attempts).toHaveLength(3)
    expect(new Set(attempts.map((request) => request.headers['webhook-id'])).size).toBe(1)
    expect(verifiedAt('/flaky', endpoint.secret).at(-1)?.event).toMatchObject({
      type: 'custom.event',
      data: { name: 'order.refunded', data: { order: 1042 } },
    })
  })

  it('never sends to a private or reserved address, and gives up at once', async () => {
    for (const url of ['http://10.1.2.3/hook', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]:9/']) {
      const endpoint = await testApp.request
        .post('/api/webhooks/endpoints/')
        .set(as(owner))
        .send({ url, events: ['custom.event'] })
      expect(endpoint.status).toBe(201)
    }
    const before = received.length
    await testApp.request.post('/api/webhooks/events/').set(as(owner)).send({ name: 'probe' })
    const endpoints = (await testApp.request.get('/api/webhooks/endpoints/').set(as(owner))).body.endpoints as {
      endpoint_id: string
      url: string
    }[]
    for (const endpoint of endpoints.filter((item) => !item.url.startsWith(receiver.url))) {
      const [delivery] = await settledDeliveries(owner, endpoint.endpoint_id, 1)
      expect(delivery, endpoint.url).toMatchObject({ status: 'failed', attempts: 1, last_status_code: null })
      expect(delivery?.last_error).toMatch(/private or reserved address/)
    }
    expect(received.slice(before).every((request) => request.path === '/flaky')).toBe(true)
  })

  it('reports handoff requests, ratings and completed conversations, closed or idle', async () => {
    const account = await signUp(testApp)
    const desk = await createAgentFor(testApp, account, 'Second desk')
    const endpoint = await addEndpoint(
      account,
      ['handoff.requested', 'answer.rated', 'conversation.completed'],
      '/lifecycle',
    )
    const clientKey = (await newIntegration({ testApp, owner: account, agentId: desk }, { human_handoff: true }))
      .client_key
    const visit = await visitor(testApp, clientKey)
    expect(
      (await testApp.request.post(`/api/conversations/api/chat/${visit.conversationId}/person/`).set(visit.auth))
        .status,
    ).toBe(200)
    const sent = await testApp.request
      .post(`/api/conversations/api/chat/${visit.conversationId}/`)
      .set(visit.auth)
      .send({ message_text: 'What are your opening hours?' })
    await testApp.request
      .post(`/api/conversations/api/chat/${visit.conversationId}/feedback/`)
      .set(visit.auth)
      .send({ message_id: sent.body.ai_message.message_id, rating: 'down', comment: 'No hours given' })
    const closed = await testApp.request
      .post(`/api/conversations/${desk}/${visit.conversationId}/update/`)
      .set(as(account))
      .send({ is_active: false })
    expect(closed.status).toBe(200)
    const idle = await visitor(testApp, clientKey)
    expect(
      await completeIdleConversations(testApp.database, { idleMinutes: 30, now: new Date(Date.now() + 31 * 60_000) }),
    ).toBeGreaterThanOrEqual(1)
    // Looked at again with nothing new, an idle conversation is not reported twice.
    expect(
      await completeIdleConversations(testApp.database, { idleMinutes: 30, now: new Date(Date.now() + 32 * 60_000) }),
    ).toBe(0)

    await settledDeliveries(account, endpoint.endpoint_id, 4)
    const events = verifiedAt('/lifecycle', endpoint.secret).map(({ event }) => event)
    expect(events.find((event) => event.type === 'handoff.requested')?.data).toMatchObject({
      conversation_id: visit.conversationId,
      channel: 'widget',
    })
    expect(events.find((event) => event.type === 'answer.rated')?.data).toMatchObject({
      rating: 'down',
      comment: 'No hours given',
      rated_by: 'visitor',
    })
    const completed = events.filter((event) => event.type === 'conversation.completed').map((event) => event.data)
    expect(completed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ conversation_id: visit.conversationId, reason: 'closed' }),
        expect.objectContaining({ conversation_id: idle.conversationId, reason: 'idle' }),
      ]),
    )
  })

  it('refuses bad endpoints, keeps each account’s endpoints to itself, and caps them at ten', async () => {
    for (const body of [
      { url: 'ftp://example.com/', events: ['custom.event'] },
      { url: 'https://user:pw@example.com/', events: ['custom.event'] },
      { url: 'https://example.com/', events: [] },
      { url: 'https://example.com/', events: ['order.created'] },
      { events: ['custom.event'] },
    ]) {
      const refused = await testApp.request.post('/api/webhooks/endpoints/').set(as(owner)).send(body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
    }
    const stranger = await signUp(testApp)
    const mine = await addEndpoint(owner, ['custom.event'], '/mine')
    expect(
      (await testApp.request.delete(`/api/webhooks/endpoints/${mine.endpoint_id}/`).set(as(stranger))).status,
    ).toBe(404)
    expect(
      (await testApp.request.get(`/api/webhooks/endpoints/${mine.endpoint_id}/deliveries/`).set(as(stranger))).status,
    ).toBe(404)
    const many = await signUp(testApp)
    for (let index = 0; index < 10; index += 1) await addEndpoint(many, ['custom.event'], `/many-${index}`)
    const eleventh = await testApp.request
      .post('/api/webhooks/endpoints/')
      .set(as(many))
      .send({ url: `${receiver.url}/eleventh`, events: ['custom.event'] })
    expect(eleventh.status).toBe(409)
    const deleted = await testApp.request.delete(`/api/webhooks/endpoints/${mine.endpoint_id}/`).set(as(owner))
    expect(deleted.status).toBe(200)
    expect((await testApp.request.get('/api/webhooks/endpoints/')).status).toBe(401)
  })
})
