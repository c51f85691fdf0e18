// Issue 21, identity for signed-in visitors: a site signs its users' tokens with its widget's identity
// secret (HS256); the widget session then belongs to that user on every device (the same visitor id),
// their conversations are listed wherever they sign in, and the team sees who they are. Unsigned, badly
// signed, expired or incomplete tokens are refused, never trusted in part.
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConversationViewSchema } from '../../../server/conversations/conversations.schemas.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { createAgentFor } from '../../support/knowledge.ts'
import { SECRET_KEY, SITE, newIntegration } from '../../support/widget-visitors.ts'

let testApp: TestApp
let owner: SignedUp
let agentId: string
let integration: { client_key: string; integration_id: string }
let secret: string

beforeAll(async () => {
  testApp = await createTestApp({ SECRET_KEY, WORKER_IN_SERVER: 'false', WIDGET_SESSIONS_PER_IP_PER_HOUR: '1000' })
  owner = await signUp(testApp)
  agentId = await createAgentFor(testApp, owner, 'Account help')
  integration = await newIntegration({ testApp, owner, agentId })
})
afterAll(() => testApp.cleanup())

const secretPath = () => `/api/agents/${agentId}/integrations/frontend/${integration.integration_id}/identity-secret/`

const tokenFor = (claims: Record<string, unknown>, key = secret, expiresIn: string | number = '1h') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(key))

const start = (visitor_token?: string) =>
  testApp.request
    .post('/api/conversations/api/start-chat-widget/')
    .set('Origin', SITE)
    .send({ client_key: integration.client_key, visitor_token })

const authOf = (token: string) => ({ Authorization: `Bearer ${token}`, Origin: SITE })

describe('signed visitor identity', () => {
  it('refuses a visitor token while the widget has no identity secret', async () => {
    const refused = await start(await tokenFor({ sub: 'user-42' }, 'any-secret-at-all-0123456789abcdef'))
    expect(refused.status).toBe(401)
    expect(refused.body.reason).toBe('visitor_token_invalid')
    expect(refused.body.message).toMatch(/does not verify visitors/)
  })

  it('keeps a signed-in user’s chats on every device, and shows the team who they are', async () => {
    const created = await testApp.request.post(secretPath()).set(bearer(owner.access))
    expect(created.status).toBe(201)
    secret = created.body.identity_secret
    expect(secret).toMatch(/^wis_/)
    const listed = await testApp.request.get(`/api/agents/${agentId}/integrations/frontend/`).set(bearer(owner.access))
    expect(listed.body.integrations[0]).toMatchObject({ identity_verification: true })
    expect(JSON.stringify(listed.body)).not.toContain(secret)

    const token = await tokenFor({ sub: 'user-42', email: 'Dana@Example.com', name: 'Dana Reyes' })
    const laptop = await start(token)
    expect(laptop.status).toBe(201)
    expect(laptop.body.visitor).toEqual({ name: 'Dana Reyes', email: 'dana@example.com' })
    const chat = await testApp.request.post('/api/conversations/api/create/').set(authOf(laptop.body.token)).send({})
    expect(chat.status).toBe(201)

    const phone = await start(token)
    expect(phone.body.visitor_id).toBe(laptop.body.visitor_id)
    const onPhone = await testApp.request.get('/api/conversations/api/conversations/').set(authOf(phone.body.token))
    expect(onPhone.body.conversations.map((item: { conversation_id: string }) => item.conversation_id)).toEqual([
      chat.body.conversation_id,
    ])
    expect(
      (
        await testApp.request
          .get(`/api/conversations/api/chat/${chat.body.conversation_id}/`)
          .set(authOf(phone.body.token))
      ).status,
    ).toBe(200)

    const team = await testApp.request.get(`/api/conversations/${chat.body.conversation_id}/`).set(bearer(owner.access))
    expect(ConversationViewSchema.parse(team.body)).toMatchObject({
      name: 'Dana Reyes',
      visitor: { id: 'user-42', name: 'Dana Reyes', email: 'dana@example.com' },
    })

    // Another user of the site, and an anonymous visitor, reach none of it.
    const other = await start(await tokenFor({ sub: 'user-43' }))
    expect(other.body.visitor_id).not.toBe(laptop.body.visitor_id)
    expect(
      (
        await testApp.request
          .get(`/api/conversations/api/chat/${chat.body.conversation_id}/`)
          .set(authOf(other.body.token))
      ).status,
    ).toBe(404)
    const anonymous = await start()
    expect(anonymous.body.visitor).toBeNull()
    expect(
      (await testApp.request.get('/api/conversations/api/conversations/').set(authOf(anonymous.body.token))).body
        .conversations,
    ).toEqual([])
  })

  it('refuses tokens that are unsigned, signed with another secret, expired, too long-lived or without sub', async () => {
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: 'user-42', exp: Math.floor(Date.now() / 1000) + 60 }),
    ).toString('base64url')}.`
    const cases: [string, RegExp][] = [
      [unsigned, /signature/],
      [await tokenFor({ sub: 'user-42' }, 'wis_another-secret-entirely-0123456789'), /signature/],
      [await tokenFor({ sub: 'user-42' }, secret, Math.floor(Date.now() / 1000) - 60), /expired/],
      [await tokenFor({ sub: 'user-42' }, secret, '30d'), /7 days/],
      [await tokenFor({ email: 'x@example.com' }), /needs sub/],
      ['not-a-jwt', /signature/],
    ]
    for (const [token, why] of cases) {
      const refused = await start(token)
      expect(refused.status, token).toBe(401)
      expect(refused.body.reason).toBe('visitor_token_invalid')
      expect(refused.body.message).toMatch(why)
    }
    expect((await start('x'.repeat(5_000))).status).toBe(400)
  })

  it('ends a signed-in session with its token, and every one of them when the secret is replaced', async () => {
    const token = await tokenFor({ sub: 'user-50' }, secret, '2h')
    const session = await start(token)
    const row = await testApp.database.prisma.widgetSession.findFirstOrThrow({
      where: { visitorId: session.body.visitor_id },
      orderBy: { createdAt: 'desc' },
    })
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 2 * 3_600_000 + 1_000)
    const anonymous = await start()
    const replaced = await testApp.request.post(secretPath()).set(bearer(owner.access))
    expect(replaced.status).toBe(201)
    const refreshed = await testApp.request
      .post('/api/conversations/api/tokens/refresh/')
      .set('Origin', SITE)
      .send({ refresh_token: session.body.refresh_token })
    expect(refreshed.status).toBe(401)
    expect((await start(token)).status).toBe(401) // signed with the old secret
    secret = replaced.body.identity_secret
    const stillThere = await testApp.request
      .post('/api/conversations/api/tokens/refresh/')
      .set('Origin', SITE)
      .send({ refresh_token: anonymous.body.refresh_token })
    expect(stillThere.status).toBe(200)
  })

  it('turns verification off: tokens are refused again', async () => {
    const token = await tokenFor({ sub: 'user-42' })
    expect((await testApp.request.delete(secretPath()).set(bearer(owner.access))).status).toBe(200)
    expect((await start(token)).status).toBe(401)
    const stranger = await signUp(testApp)
    expect((await testApp.request.post(secretPath()).set(bearer(stranger.access))).status).toBe(404)
  })
})
