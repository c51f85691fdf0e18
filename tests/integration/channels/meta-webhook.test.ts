// @database-specific: one delivery received by two apps on one database at once is kept once (a unique index)
// Issue 39, receiving: the callback URL of the operator's Meta app answers Meta's handshake, reads only
// deliveries signed with the app secret (a forged one does nothing), and keeps each message a person sent
// to a connected WhatsApp number, Page or Instagram account once, however often and wherever Meta delivers it.
import { randomBytes } from 'node:crypto'
import supertest from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgresDatabase } from '../../../server/db/open-postgres-database.ts'
import { createHttpApp } from '../../../server/http/create-http-app.ts'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { metaToken, startFakeMetaGraph, type FakeMetaGraph } from '../../support/fake-meta-graph.ts'
import { createAgentFor } from '../../support/knowledge.ts'
import { messagingDelivery, metaSignature, whatsappDelivery } from '../../support/meta-deliveries.ts'

const APP_SECRET = randomBytes(16).toString('hex')
const VERIFY_TOKEN = 'verify-me-please'
const WEBHOOK = '/api/channels/meta/webhook/'
const NUMBER = '1065432198765'
const PAGE = '2222333344445'
const INSTAGRAM = '17841400000000001'

let graph: FakeMetaGraph
let testApp: TestApp
let owner: SignedUp

const settings = () => ({ ...graph.config, META_APP_SECRET: APP_SECRET, META_VERIFY_TOKEN: VERIFY_TOKEN })
const sign = (body: string, secret = APP_SECRET) => metaSignature(secret, body)
const deliver = (
  body: object | string,
  { to = testApp.request, signature }: { to?: TestApp['request']; signature?: string } = {},
) => {
  const raw = typeof body === 'string' ? body : JSON.stringify(body)
  return to
    .post(WEBHOOK)
    .set('Content-Type', 'application/json')
    .set('X-Hub-Signature-256', signature ?? sign(raw))
    .send(raw)
}

const whatsapp = (wamid: string, text = 'هل عندكم لمبات؟') =>
  whatsappDelivery({ phoneNumberId: NUMBER, wamid, text, timestamp: 1796690000 })
const messaging = (object: 'page' | 'instagram', recipient: string, mid: string, extra: object = {}) =>
  messagingDelivery(object, { recipient, mid, extra, timestamp: 1796690000123 })
const kept = () => testApp.database.prisma.channelInboundMessage.findMany({ orderBy: { receivedAt: 'asc' } })

beforeAll(async () => {
  graph = await startFakeMetaGraph()
  const tokens = { whatsapp: metaToken(), messenger: metaToken(), instagram: metaToken('IGAA') }
  graph.objects.set(NUMBER, { token: tokens.whatsapp, fields: { verified_name: 'Nile Lamps' } })
  graph.objects.set(PAGE, { token: tokens.messenger, fields: { name: 'Nile Lamps Page' } })
  graph.objects.set(INSTAGRAM, { token: tokens.instagram, fields: { username: 'nile.lamps' } })
  testApp = await createTestApp(settings())
  owner = await signUp(testApp, { full_name: 'Olivia Owner' })
  const agentId = await createAgentFor(testApp, owner, 'Lamps')
  for (const body of [
    { kind: 'whatsapp', phone_number_id: NUMBER, access_token: tokens.whatsapp },
    { kind: 'messenger', page_id: PAGE, access_token: tokens.messenger },
    { kind: 'instagram', instagram_account_id: INSTAGRAM, access_token: tokens.instagram },
  ]) {
    const connected = await testApp.request
      .post(`/api/agents/${agentId}/channels/`)
      .set(bearer(owner.access))
      .send(body)
    if (connected.status !== 201) throw new Error(JSON.stringify(connected.body))
  }
})
afterAll(async () => {
  await testApp?.cleanup()
  await graph?.close()
})

describe('the handshake', () => {
  it('answers the challenge for the right verify token, and 403 otherwise', async () => {
    const handshake = (token: string) =>
      testApp.request
        .get(WEBHOOK)
        .query({ 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '1158201444' })
    const right = await handshake(VERIFY_TOKEN)
    expect(right.status).toBe(200)
    expect(right.text).toBe('1158201444')
    expect((await handshake('verify-me-pleasf')).status).toBe(403)
    expect(
      (
        await testApp.request
          .get(WEBHOOK)
          .query({ 'hub.mode': 'unsubscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1' })
      ).status,
    ).toBe(403)
  })

  it('answers 503 on a server without the Meta app’s settings', async () => {
    const bare = await createTestApp(graph.config)
    try {
      expect((await bare.request.get(WEBHOOK).query({ 'hub.mode': 'subscribe' })).status).toBe(503)
      expect((await deliver(whatsapp('wamid.bare'), { to: bare.request })).status).toBe(503)
    } finally {
      await bare.cleanup()
    }
  })
})

describe('deliveries', () => {
  it('does nothing with a forged or unsigned delivery', async () => {
    const forged = await deliver(whatsapp('wamid.forged'), { signature: sign('{}') })
    expect(forged.status).toBe(401)
    expect(forged.body.message).toBe('This request is not signed by the Meta app this server is set up with')
    const otherSecret = JSON.stringify(whatsapp('wamid.other'))
    expect((await deliver(otherSecret, { signature: sign(otherSecret, 'another-apps-secret') })).status).toBe(401)
    const unsigned = await testApp.request
      .post(WEBHOOK)
      .set('Content-Type', 'application/json')
      .send(whatsapp('wamid.none'))
    expect(unsigned.status).toBe(401)
    expect(await kept()).toEqual([])
  })

  it('keeps a WhatsApp, a Messenger and an Instagram message, each with its sender and Meta’s message', async () => {
    expect((await deliver(whatsapp('wamid.first'))).body).toEqual({ received: 1, kept: 1 })
    expect((await deliver(messaging('page', PAGE, 'm_page_1'))).body).toEqual({ received: 1, kept: 1 })
    expect((await deliver(messaging('instagram', INSTAGRAM, 'm_ig_1'))).body).toEqual({ received: 1, kept: 1 })
    const rows = await kept()
    expect(rows.map(({ kind, externalMessageId, senderId }) => [kind, externalMessageId, senderId])).toEqual([
      ['whatsapp', 'wamid.first', '201112223334'],
      ['messenger', 'm_page_1', '7001'],
      ['instagram', 'm_ig_1', '7001'],
    ])
    expect(rows[0]!.message).toMatchObject({ type: 'text', text: { body: 'هل عندكم لمبات؟' } })
    expect(rows[0]!.sentAt.toISOString()).toBe(new Date(1796690000 * 1000).toISOString())
  })

  it('keeps a message Meta delivers twice once, also when two processes receive it at the same moment', async () => {
    expect((await deliver(whatsapp('wamid.twice'))).body).toEqual({ received: 1, kept: 1 })
    expect((await deliver(whatsapp('wamid.twice'))).body).toEqual({ received: 1, kept: 0 })
    // A second app on the same database: its own connections on PostgreSQL (as a second process has);
    // PGlite is one process's database, so there the second app shares the first's.
    const secondDatabase = testApp.config.DATABASE_URL
      ? await openPostgresDatabase(testApp.config.DATABASE_URL, 5)
      : null
    const second = await createHttpApp({
      config: testApp.config,
      database: secondDatabase ?? testApp.database,
      logger: createLogger({ LOG_LEVEL: 'silent' }),
    })
    try {
      const answers = await Promise.all(
        [testApp.request, supertest(second)].map((to) => deliver(whatsapp('wamid.race'), { to })),
      )
      expect(answers.map((answer) => answer.body.kept).sort()).toEqual([0, 1])
    } finally {
      await second.close()
      await secondDatabase?.close()
    }
    expect((await kept()).filter((row) => row.externalMessageId === 'wamid.race')).toHaveLength(1)
  })

  it('acknowledges what is not a message to a connected channel, and keeps none of it', async () => {
    const before = (await kept()).length
    for (const body of [
      messaging('page', '9999', 'm_unknown_page'),
      messaging('page', PAGE, 'm_echo', { is_echo: true }),
      {
        object: 'page',
        entry: [
          {
            id: PAGE,
            messaging: [{ sender: { id: '7001' }, recipient: { id: PAGE }, timestamp: 1, read: { watermark: 1 } }],
          },
        ],
      },
      { object: 'user', entry: [{ id: '1', changes: [{ field: 'feed', value: {} }] }] },
      {
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '3',
            changes: [
              {
                field: 'messages',
                value: { metadata: { phone_number_id: NUMBER }, statuses: [{ id: 'wamid.x', status: 'read' }] },
              },
            ],
          },
        ],
      },
    ]) {
      const answer = await deliver(body)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      expect(answer.body.kept).toBe(0)
    }
    expect(await kept()).toHaveLength(before)
  })

  it('keeps the rest of a delivery when one message could not be stored (a NUL character), and takes Meta’s other events', async () => {
    const batch = whatsapp('wamid.clean')
    const change = batch.entry[0]!.changes[0]!.value
    change.messages.push({ ...change.messages[0]!, id: 'wamid.nul', text: { body: 'a\u0000b' } })
    expect((await deliver(batch)).body).toEqual({ received: 1, kept: 1 })
    // A delivery receipt carries no timestamp; an opt-in no sender: acknowledged, not refused.
    const receipt = {
      object: 'page',
      entry: [{ id: PAGE, messaging: [{ recipient: { id: PAGE }, delivery: { mids: ['m_1'], watermark: 1 } }] }],
    }
    expect((await deliver(receipt)).body).toEqual({ received: 0, kept: 0 })
    expect((await kept()).map((row) => row.externalMessageId)).not.toContain('wamid.nul')
  })

  it('answers a signed body that is not Meta’s with 400, and keeps nothing', async () => {
    expect((await deliver('{"object": ')).status).toBe(400)
    expect((await deliver({ object: 'page', entry: 'no' })).status).toBe(400)
    // A moment past any date a database keeps (JavaScript's own last date is later still).
    expect((await deliver(messaging('page', PAGE, 'm_far', {}))).status).toBe(200)
    const far = messagingDelivery('page', { recipient: PAGE, mid: 'm_too_far', timestamp: 8.64e15 })
    expect((await deliver(far)).status).toBe(400)
    const farWhatsApp = whatsappDelivery({ phoneNumberId: NUMBER, wamid: 'wamid.far', timestamp: 999_999_999_999 })
    expect((await deliver(farWhatsApp)).status).toBe(400)
    expect((await kept()).map((row) => row.externalMessageId)).not.toContain('m_too_far')
  })
})
