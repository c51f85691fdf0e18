// @database-specific: two connections of one number at once meet the database's unique index
// Issue 39, connecting: an owner or admin connects a WhatsApp number, a Facebook Page and an Instagram
// account to an agent over the API. The token is checked at Meta (a local stand-in speaking the Graph
// API's format) before it is kept, sealed at rest and never shown; what is connected belongs to one agent
// at a time; a channel counts as a widget against the plan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setPlan } from '../../../server/billing/set-plan.ts'
import { openSecret } from '../../../server/secrets/seal-secret.ts'
import { loadServerSecrets } from '../../../server/secrets/load-server-secrets.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { metaToken, startFakeMetaGraph, type FakeMetaGraph } from '../../support/fake-meta-graph.ts'
import { createAgentFor } from '../../support/knowledge.ts'

let graph: FakeMetaGraph
let testApp: TestApp
let owner: SignedUp
let agentId: string
const tokens = { whatsapp: metaToken(), messenger: metaToken(), instagram: metaToken('IGAA') }

beforeAll(async () => {
  graph = await startFakeMetaGraph()
  graph.objects.set('1065432198765', {
    token: tokens.whatsapp,
    fields: { display_phone_number: '+20 100 123 4567', verified_name: 'Nile Lamps' },
  })
  graph.objects.set('2222333344445', { token: tokens.messenger, fields: { name: 'Nile Lamps Page' } })
  graph.objects.set('17841400000000001', { token: tokens.instagram, fields: { username: 'nile.lamps' } })
  testApp = await createTestApp(graph.config)
  owner = await signUp(testApp, { full_name: 'Olivia Owner' })
  agentId = await createAgentFor(testApp, owner, 'Lamps')
})
afterAll(async () => {
  await testApp?.cleanup()
  await graph?.close()
})

const channelsPath = (agent = agentId) => `/api/agents/${agent}/channels/`
const connect = (body: object, as: SignedUp = owner, agent = agentId) =>
  testApp.request.post(channelsPath(agent)).set(bearer(as.access)).send(body)

describe('connecting a channel', () => {
  it('checks each kind’s token at Meta, keeps it sealed, and never shows it', async () => {
    const whatsapp = await connect({
      kind: 'whatsapp',
      phone_number_id: '1065432198765',
      access_token: tokens.whatsapp,
      business_account_id: '3000111122223',
    })
    expect(whatsapp.status, JSON.stringify(whatsapp.body)).toBe(201)
    expect(whatsapp.body).toMatchObject({
      message: 'Channel connected',
      agent_id: agentId,
      kind: 'whatsapp',
      external_id: '1065432198765',
      business_account_id: '3000111122223',
      display_name: 'Nile Lamps',
    })
    const messenger = await connect({ kind: 'messenger', page_id: '2222333344445', access_token: tokens.messenger })
    expect(messenger.body).toMatchObject({
      kind: 'messenger',
      display_name: 'Nile Lamps Page',
      business_account_id: null,
    })
    const instagram = await connect({
      kind: 'instagram',
      instagram_account_id: '17841400000000001',
      access_token: tokens.instagram,
    })
    expect(instagram.body).toMatchObject({ kind: 'instagram', display_name: 'nile.lamps' })

    // Meta was asked with each token, at the version configured: the number by its id, the Page and the
    // Instagram account as themselves (`/me`), so a token that can merely read them would not do.
    expect(graph.requests.map(({ path, authorization }) => [path, authorization])).toEqual([
      ['/v23.0/1065432198765', `Bearer ${tokens.whatsapp}`],
      ['/v23.0/me', `Bearer ${tokens.messenger}`],
      ['/v23.0/me', `Bearer ${tokens.instagram}`],
    ])
    const listed = await testApp.request.get(channelsPath()).set(bearer(owner.access))
    expect(listed.body.channels.map((channel: { kind: string }) => channel.kind)).toEqual([
      'whatsapp',
      'messenger',
      'instagram',
    ])
    for (const answer of [whatsapp, messenger, instagram, listed])
      for (const token of Object.values(tokens)) expect(JSON.stringify(answer.body)).not.toContain(token)

    // At rest: sealed, and opened only with the server's key and the row's id.
    const rows = await testApp.database.prisma.messagingChannel.findMany({ orderBy: { createdAt: 'asc' } })
    const { sealingKey } = await loadServerSecrets(testApp.database, testApp.config)
    expect(rows.map((row) => row.sealedAccessToken)).not.toContain(tokens.whatsapp)
    expect(openSecret(sealingKey, rows[0]!.id, rows[0]!.sealedAccessToken)).toBe(tokens.whatsapp)
    expect(openSecret(sealingKey, rows[1]!.id, rows[0]!.sealedAccessToken)).toBeUndefined()
  })

  it('refuses a token Meta refuses with Meta’s reason, and keeps nothing', async () => {
    graph.objects.set('5550001112223', { token: metaToken(), fields: { name: 'Other Page' } })
    const refused = await connect({ kind: 'messenger', page_id: '5550001112223', access_token: metaToken() })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe('Meta refused the token: Invalid OAuth access token - Cannot parse access token')
    expect(await testApp.database.prisma.messagingChannel.count({ where: { externalId: '5550001112223' } })).toBe(0)
  })

  it('refuses a valid token that is not the Page’s own: another business’s Page cannot be claimed', async () => {
    graph.objects.set('4440001112223', { token: metaToken(), fields: { name: 'Someone Else’s Page' } })
    // The claimant's token is a real one (its own Page's), and could read the other Page's public details.
    const claimant = metaToken()
    graph.objects.set('4440009998887', { token: claimant, fields: { name: 'Claimant Page' } })
    const claimed = await connect({ kind: 'messenger', page_id: '4440001112223', access_token: claimant })
    expect(claimed.status).toBe(400)
    expect(claimed.body.message).toBe('Meta refused the token: it is not the token of 4440001112223')
    expect(await testApp.database.prisma.messagingChannel.count({ where: { externalId: '4440001112223' } })).toBe(0)
  })

  it('answers 502 when Meta cannot be reached, and keeps nothing', async () => {
    const unreachable = await createTestApp({ ...graph.config, META_GRAPH_URL: 'http://127.0.0.1:9' })
    try {
      const someone = await signUp(unreachable, { full_name: 'Nadia Net' })
      const agent = await createAgentFor(unreachable, someone, 'Offline')
      const answer = await unreachable.request
        .post(channelsPath(agent))
        .set(bearer(someone.access))
        .send({ kind: 'messenger', page_id: '2222333344445', access_token: tokens.messenger })
      expect(answer.status).toBe(502)
      expect(answer.body.message).toBe('Meta could not be reached to check the token. Try again in a moment.')
      expect(await unreachable.database.prisma.messagingChannel.count()).toBe(0)
    } finally {
      await unreachable.cleanup()
    }
  })

  it('gives a number, Page or account to one agent at a time', async () => {
    const second = await createAgentFor(testApp, owner, 'Second')
    const taken = await connect(
      { kind: 'whatsapp', phone_number_id: '1065432198765', access_token: tokens.whatsapp },
      owner,
      second,
    )
    expect(taken.status).toBe(409)
    expect(taken.body.message).toBe('This WhatsApp number is already connected to an agent. Disconnect it there first.')
  })

  it('lets one of two connections of the same Page at once through, and answers the other 409', async () => {
    const [first, second] = await Promise.all([
      createAgentFor(testApp, owner, 'Racer one'),
      createAgentFor(testApp, owner, 'Racer two'),
    ])
    const racedToken = metaToken()
    graph.objects.set('7770001112223', { token: racedToken, fields: { name: 'Raced Page' } })
    const body = { kind: 'messenger', page_id: '7770001112223', access_token: racedToken }
    const answers = await Promise.all([connect(body, owner, first), connect(body, owner, second)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
    expect(await testApp.database.prisma.messagingChannel.count({ where: { externalId: '7770001112223' } })).toBe(1)
  })

  it('says which field is wrong, in the SPEC’s error shape', async () => {
    for (const [body, message] of [
      [{ kind: 'telegram', access_token: tokens.whatsapp }, 'kind must be one of whatsapp, messenger, instagram'],
      [
        { kind: 'whatsapp', phone_number_id: '12ab', access_token: tokens.whatsapp },
        'phone_number_id must be the numeric id Meta gives it',
      ],
      [
        { kind: 'messenger', page_id: '2222333344445', access_token: 'short' },
        'access_token must be the token Meta issued (20 to 1,000 characters, no spaces)',
      ],
    ] as const) {
      const answer = await connect(body)
      expect(answer.status, JSON.stringify(answer.body)).toBe(400)
      expect(JSON.stringify(answer.body)).toContain(message)
    }
  })
})

describe('changing and disconnecting', () => {
  it('replaces the token only once Meta takes the new one, then disconnects', async () => {
    const [channel] = await testApp.database.prisma.messagingChannel.findMany({ where: { kind: 'messenger', agentId } })
    const path = `${channelsPath()}${channel!.id}/`
    const refused = await testApp.request.put(path).set(bearer(owner.access)).send({ access_token: metaToken() })
    expect(refused.status).toBe(400)
    const notWhatsApp = await testApp.request
      .put(path)
      .set(bearer(owner.access))
      .send({ access_token: tokens.messenger, business_account_id: '3000111122223' })
    expect(notWhatsApp.status).toBe(400)
    expect(notWhatsApp.body.message).toBe('business_account_id is not taken for kind messenger')
    const renewed = metaToken()
    graph.objects.set('2222333344445', { token: renewed, fields: { name: 'Nile Lamps (Cairo)' } })
    const updated = await testApp.request.put(path).set(bearer(owner.access)).send({ access_token: renewed })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ message: 'Channel updated', display_name: 'Nile Lamps (Cairo)' })
    expect(JSON.stringify(updated.body)).not.toContain(renewed)
    const row = await testApp.database.prisma.messagingChannel.findUniqueOrThrow({ where: { id: channel!.id } })
    const { sealingKey } = await loadServerSecrets(testApp.database, testApp.config)
    expect(openSecret(sealingKey, row.id, row.sealedAccessToken)).toBe(renewed)

    const gone = await testApp.request.delete(path).set(bearer(owner.access))
    expect(gone.body).toEqual({ message: 'Channel disconnected' })
    expect((await testApp.request.delete(path).set(bearer(owner.access))).status).toBe(404)
  })

  it('shows another account no channel of this agent', async () => {
    const stranger = await signUp(testApp, { full_name: 'Sam Stranger' })
    expect((await testApp.request.get(channelsPath()).set(bearer(stranger.access))).status).toBe(404)
    expect(
      (await connect({ kind: 'messenger', page_id: '2222333344445', access_token: tokens.messenger }, stranger)).status,
    ).toBe(404)
  })
})

describe('the plan', () => {
  it('counts a channel as a widget: past the widget limit, connecting is refused and nothing is kept', async () => {
    const enforced = await createTestApp({ ...graph.config, BILLING_MODE: 'enforced' })
    try {
      const someone = await signUp(enforced, { full_name: 'Wafa Widget' })
      await enforced.database.prisma.plan.upsert({
        where: { id: 101 },
        create: { ...ONE_WIDGET, id: 101 },
        update: {},
      })
      await setPlan(enforced.database, {
        email: someone.email,
        plan: ONE_WIDGET.name,
        until: new Date(Date.now() + 30 * 86_400_000),
      })
      const agent = await createAgentFor(enforced, someone, 'Counted')
      const page = await enforced.request
        .post(channelsPath(agent))
        .set(bearer(someone.access))
        .send({ kind: 'instagram', instagram_account_id: '17841400000000001', access_token: tokens.instagram })
      expect(page.status, JSON.stringify(page.body)).toBe(201)
      const widget = await enforced.request
        .post(`/api/agents/${agent}/integrations/frontend/`)
        .set(bearer(someone.access))
        .send({ website_name: 'Shop', website_domain: 'shop.example.com' })
      expect(widget.status).toBe(402)
      expect(widget.body.message).toBe('Your plan allows 1 widget. Upgrade your plan to add more.')
      const second = await enforced.request
        .post(channelsPath(agent))
        .set(bearer(someone.access))
        .send({ kind: 'messenger', page_id: '2222333344445', access_token: tokens.messenger })
      expect(second.status).toBe(402)
      expect(await enforced.database.prisma.messagingChannel.count()).toBe(1)
    } finally {
      await enforced.cleanup()
    }
  })
})

const ONE_WIDGET = {
  name: 'One Widget',
  isActive: false,
  conversationLimit: -1,
  messageLimit: -1,
  tokenLimit: BigInt(-1),
  widgetLimit: 1,
  teamMemberLimit: -1,
  agentLimit: -1,
}
