import { hkdfSync } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { deleteExpiredWidgetSessions } from '../../../server/widgets/public/delete-expired-widget-sessions.ts'
import { sweepExpiredWidgetSessions } from '../../../server/widgets/public/sweep-expired-widget-sessions.ts'
import { hashRefreshToken } from '../../../server/widgets/public/widget-tokens.ts'
import { bearer, type SignedUp } from '../../support/accounts.ts'
import { startChatTestbed, type ChatTestbed } from '../../support/chat-testbed.ts'
import { createAgentFor } from '../../support/knowledge.ts'
import type { TestApp } from '../../support/create-test-app.ts'
import { readBodyAsText } from '../../support/read-body-as-text.ts'

const SECRET_KEY = 'widget-tests-secret-key-with-enough-length-0123456789'
const SITE = 'https://shop.example.com'
let testApp: TestApp
let llm: ChatTestbed['llm']
let owner: SignedUp
let agentId: string
let testbed: ChatTestbed

beforeAll(async () => {
  testbed = await startChatTestbed({ SECRET_KEY, WIDGET_MESSAGES_PER_VISITOR_PER_MINUTE: '3', WIDGET_MESSAGES_PER_INTEGRATION_PER_MINUTE: '5', WIDGET_SESSIONS_PER_IP_PER_HOUR: '1000' })
  ;({ testApp, llm, owner, agentId } = testbed)
})
afterAll(async () => testbed.close())

async function newIntegration(fields: Record<string, unknown> = {}) {
  const response = await testApp.request.post(`/api/agents/${agentId}/integrations/frontend/`).set(bearer(owner.access)).send({ website_name: 'Shop', website_domain: 'shop.example.com', ...fields })
  expect(response.status).toBe(201)
  return response.body as { client_key: string; integration_id: string }
}

const start = (clientKey: string, origin: string | null = SITE) => {
  const request = testApp.request.post('/api/conversations/api/start-chat-widget/')
  return (origin ? request.set('Origin', origin) : request).send({ client_key: clientKey })
}

async function visitor(clientKey: string, origin = SITE) {
  const session = await start(clientKey, origin)
  expect(session.status).toBe(201)
  const auth = { Authorization: `Bearer ${session.body.token}`, Origin: origin }
  const conversation = await testApp.request.post('/api/conversations/api/create/').set(auth).send({})
  expect(conversation.status).toBe(201)
  return { session: session.body, auth, conversationId: conversation.body.conversation_id as string }
}

const chat = (auth: Record<string, string>, conversationId: string, text = 'How long do I have to return a product?') =>
  testApp.request.post(`/api/conversations/api/chat/${conversationId}/`).set(auth).send({ message_text: text })

const refresh = (refreshToken: string) => testApp.request.post('/api/conversations/api/tokens/refresh/').set('Origin', SITE).send({ refresh_token: refreshToken })

// Moves a visitor's spent refresh tokens past the grace, as if they were presented a minute later.
async function ageSpentRefreshTokens(visitorId: string) {
  await testApp.database.prisma.widgetSpentRefreshToken.updateMany({ where: { session: { visitorId } }, data: { spentAt: new Date(Date.now() - 60_000) } })
}

describe('starting a session', () => {
  it('gives an allowed page a token, a refresh token, a visitor id and the public configuration', async () => {
    const { client_key } = await newIntegration({ bot_name: 'Sam', widget_color: '#112233' })
    const response = await start(client_key)
    expect(response.status).toBe(201)
    expect(response.headers['access-control-allow-origin']).toBe(SITE)
    expect(response.body).toMatchObject({ expires_in: 900, configuration: { client_key, bot_name: 'Sam', widget_color: '#112233', agent_name: 'Shop helper', start_message: 'Hello! How can I help you today?' } })
    expect(response.body.visitor_id).toMatch(/^v_/)
    expect(response.body.refresh_token).toMatch(/^wr_/)
    expect(JSON.stringify(response.body.configuration)).not.toContain('shop.example.com')
  })

  it('refuses a page of another site, one without Origin or Referer, and takes the Referer when Origin is missing', async () => {
    const { client_key } = await newIntegration()
    expect((await start(client_key, 'https://evil.example.net')).body.message).toBe('This website is not allowed to use this chat widget.')
    expect((await start(client_key, 'https://shop.example.com.evil.net')).status).toBe(403)
    expect((await start(client_key, null)).status).toBe(403)
    const viaReferer = await testApp.request.post('/api/conversations/api/start-chat-widget/').set('Referer', `${SITE}/products/1?x=y`).send({ client_key })
    expect(viaReferer.status).toBe(201)
  })

  it('takes a sandboxed frame’s "null" origin as no origin, whatever its Referer says', async () => {
    const { client_key } = await newIntegration()
    const response = await testApp.request.post('/api/conversations/api/start-chat-widget/').set('Origin', 'null').set('Referer', `${SITE}/page`).send({ client_key })
    expect(response.status).toBe(403)
  })

  it('matches a domain written with the default port', async () => {
    const { client_key } = await newIntegration({ website_domain: 'shop.example.com:443' })
    expect((await start(client_key)).status).toBe(201)
    expect((await start(client_key, 'https://shop.example.com:8443')).status).toBe(403)
  })

  it('refuses a NUL character with a 400, not a 500', async () => {
    expect((await testApp.request.get('/api/widget-configurations/?client_key=%00').set('Origin', SITE)).status).toBe(400)
  })

  it('allows subdomains only when the integration says so', async () => {
    const strict = await newIntegration()
    const relaxed = await newIntegration({ allow_subdomains: true })
    expect((await start(strict.client_key, 'https://eu.shop.example.com')).status).toBe(403)
    expect((await start(relaxed.client_key, 'https://eu.shop.example.com')).status).toBe(201)
  })

  it('refuses an unknown key, an inactive integration and an inactive agent alike', async () => {
    expect((await start('wk_unknown')).body.message).toBe('This chat widget is not available.')
    const inactive = await newIntegration()
    await testApp.request.put(`/api/agents/${agentId}/integrations/frontend/${inactive.integration_id}/`).set(bearer(owner.access)).send({ is_active: false })
    expect((await start(inactive.client_key)).status).toBe(404)
    const otherAgent = await createAgentFor(testApp, owner, 'Resting')
    const resting = await testApp.request.post(`/api/agents/${otherAgent}/integrations/frontend/`).set(bearer(owner.access)).send({ website_name: 'S', website_domain: 'shop.example.com' })
    await testApp.request.put(`/api/agents/${otherAgent}/update/`).set(bearer(owner.access)).send({ is_active: false })
    expect((await start(resting.body.client_key)).status).toBe(404)
  })

  it('answers a preflight from any page without credentials', async () => {
    const response = await testApp.request.options('/api/conversations/api/chat/x/').set('Origin', 'https://anywhere.example').set('Access-Control-Request-Method', 'POST')
    expect(response.status).toBe(204)
    expect(response.headers['access-control-allow-headers']).toContain('Authorization')
    expect(response.headers['access-control-allow-credentials']).toBeUndefined()
  })

  it('serves the public configuration to the integration’s own site only', async () => {
    const { client_key } = await newIntegration()
    expect((await testApp.request.get('/api/widget-configurations/').query({ client_key }).set('Origin', SITE)).body.client_key).toBe(client_key)
    expect((await testApp.request.get('/api/widget-configurations/').query({ client_key }).set('Origin', 'https://evil.example')).status).toBe(403)
  })
})

describe('chatting', () => {
  it('answers a visitor with citations, hiding the team’s bookkeeping, and the conversation reloads', async () => {
    const { client_key } = await newIntegration()
    const { auth, conversationId } = await visitor(client_key)
    const response = await chat(auth, conversationId)
    expect(response.status).toBe(200)
    expect(response.body.ai_message.message_text).toContain('[1]')
    expect(response.body.ai_message.sources[0].title).toBe('Returns policy')
    expect(response.body.ai_message.usage).toBeUndefined()
    const reloaded = await testApp.request.get(`/api/conversations/api/chat/${conversationId}/`).set(auth)
    expect(reloaded.body.data.map((message: { sender_type: string }) => message.sender_type)).toEqual(['ai', 'user', 'ai'])
    // The team sees it as an unread widget conversation.
    const list = await testApp.request.get(`/api/conversations/${agentId}/`).set(bearer(owner.access))
    expect(list.body.data.find((conversation: { id: string }) => conversation.id === conversationId)).toMatchObject({ channel: 'widget', unread: 2 })
  })

  it('streams over Server-Sent Events', async () => {
    const { client_key } = await newIntegration()
    const { auth, conversationId } = await visitor(client_key)
    const response = await testApp.request.post(`/api/conversations/api/chat/${conversationId}/?stream=true`).set(auth).send({ message_text: 'Returns?' }).buffer(true).parse(readBodyAsText)
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/)
    expect(response.body as string).toMatch(/^event: user_message\n/)
    expect(response.body as string).toContain('event: token')
    expect(response.body as string).toMatch(/event: done\ndata: .*"sources"/)
  })

  it('asks for the e-mail first when the integration collects it', async () => {
    const { client_key } = await newIntegration({ collect_user_email: true })
    const session = await start(client_key)
    const auth = { Authorization: `Bearer ${session.body.token}`, Origin: SITE }
    expect((await testApp.request.post('/api/conversations/api/create/').set(auth).send({})).body.message).toBe('Please enter your e-mail address to start chatting.')
    const created = await testApp.request.post('/api/conversations/api/create/').set(auth).send({ visitor_email: 'Ann@Example.com' })
    expect(created.status).toBe(201)
    expect(created.body.ai_message.usage).toBeUndefined()
    const conversation = await testApp.request.get(`/api/conversations/${created.body.conversation_id}/`).set(bearer(owner.access))
    expect(conversation.body.name).toBe('ann@example.com')
  })
})

describe('attachments', () => {
  it('takes a document with the message, gives its text to the model as data, and keeps the file for the team', async () => {
    const { client_key } = await newIntegration()
    const { auth, conversationId } = await visitor(client_key)
    const response = await testApp.request
      .post(`/api/conversations/api/chat/${conversationId}/`)
      .set(auth)
      .field('message_text', 'Can I return this order?')
      .attach('attachment', Buffer.from('Order 1234: blue lamp, delivered 3 days ago. <b>bold</b>'), 'order.txt')
    expect(response.status).toBe(200)
    expect(response.body.user_message.attachments).toEqual([{ name: 'order.txt', content_type: 'text/plain; charset=utf-8', size: 56 }])
    expect(JSON.stringify(response.body)).not.toContain('widgets/')
    const prompt = llm.requests.at(-1)?.messages.at(-1)?.content ?? ''
    expect(prompt).toContain('<attachment name="order.txt">\nOrder 1234: blue lamp, delivered 3 days ago. &lt;b&gt;bold&lt;/b&gt;\n</attachment>')
    const download = await testApp.request.get(`/api/conversations/${agentId}/${conversationId}/${response.body.user_message.message_id}/attachments/0/`).set(bearer(owner.access))
    expect(download.status).toBe(200)
    expect(download.headers['content-disposition']).toBe("attachment; filename=\"order.txt\"; filename*=UTF-8''order.txt")
    expect(download.text).toContain('Order 1234')
  })

  it('deleting the agent deletes the files visitors attached', async () => {
    const other = await createAgentFor(testApp, owner, 'Short-lived')
    const integration = await testApp.request.post(`/api/agents/${other}/integrations/frontend/`).set(bearer(owner.access)).send({ website_name: 'S', website_domain: 'shop.example.com' })
    const { auth, conversationId } = await visitor(integration.body.client_key)
    const sent = await testApp.request.post(`/api/conversations/api/chat/${conversationId}/`).set(auth).attach('attachment', Buffer.from('private notes'), 'notes.txt')
    expect(sent.status).toBe(200)
    const folder = join(testApp.config.DATA_DIR, 'files', 'widgets', integration.body.integration_id, 'attachments', conversationId)
    expect(readdirSync(folder)).toHaveLength(1)
    expect((await testApp.request.delete(`/api/agents/${other}/delete/`).set(bearer(owner.access))).status).toBe(200)
    expect(readdirSync(folder)).toHaveLength(0)
  })

  it('sends a file alone, named as the message', async () => {
    const { client_key } = await newIntegration()
    const { auth, conversationId } = await visitor(client_key)
    const response = await testApp.request.post(`/api/conversations/api/chat/${conversationId}/`).set(auth).attach('attachment', Buffer.from('hello'), 'note.txt')
    expect(response.body.user_message.message_text).toBe('Attached: note.txt')
  })

  it('refuses files when attachments are off, files that are not images or documents, and files without a token', async () => {
    const off = await newIntegration({ enable_attachments: false })
    const offVisitor = await visitor(off.client_key)
    const refused = await testApp.request.post(`/api/conversations/api/chat/${offVisitor.conversationId}/`).set(offVisitor.auth).field('message_text', 'Hi').attach('attachment', Buffer.from('x'), 'a.txt')
    expect(refused.body.message).toBe('Attachments are turned off for this chat.')
    const on = await newIntegration()
    const onVisitor = await visitor(on.client_key)
    const binary = await testApp.request.post(`/api/conversations/api/chat/${onVisitor.conversationId}/`).set(onVisitor.auth).field('message_text', 'Hi').attach('attachment', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), 'tool.exe')
    expect(binary.status).toBe(415)
    const anonymous = await testApp.request.post(`/api/conversations/api/chat/${onVisitor.conversationId}/`).set('Origin', SITE).field('message_text', 'Hi').attach('attachment', Buffer.from('x'), 'a.txt')
    expect(anonymous.status).toBe(401)
  })
})

describe('tokens', () => {
  const widgetKey = () => Buffer.from(hkdfSync('sha256', SECRET_KEY, 'agentdesk', 'widget-token', 32))
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, string>

  it('refuses a missing, forged, expired or user token, and a token sent from another origin; none reaches the LLM', async () => {
    const { client_key } = await newIntegration()
    const { session, conversationId } = await visitor(client_key)
    const claims = claimsOf(session.token)
    const sign = (key: Buffer, expiresAt: number) =>
      new SignJWT({ iid: claims.iid, vid: claims.vid, origin: claims.origin }).setProtectedHeader({ alg: 'HS256', typ: 'widget+jwt' }).setSubject(claims.sub ?? '').setIssuer('agentdesk').setAudience('agentdesk-widget').setExpirationTime(expiresAt).sign(key)
    const before = llm.requests.length
    const tries: [Record<string, string>, number, string?][] = [
      [{ Origin: SITE }, 401, 'token_missing'],
      [{ Origin: SITE, Authorization: `Bearer ${await sign(Buffer.alloc(32, 7), Math.floor(Date.now() / 1000) + 600)}` }, 401, 'token_invalid'],
      [{ Origin: SITE, Authorization: `Bearer ${await sign(widgetKey(), Math.floor(Date.now() / 1000) - 10)}` }, 401, 'token_expired'],
      [{ Origin: SITE, Authorization: `Bearer ${owner.access}` }, 401, 'token_invalid'],
      [{ Origin: 'https://evil.example', Authorization: `Bearer ${session.token}` }, 403],
      [{ Authorization: `Bearer ${session.token}` }, 403],
    ]
    for (const [headers, status, reason] of tries) {
      const response = await chat(headers, conversationId)
      expect(response.status, JSON.stringify(headers)).toBe(status)
      if (reason) expect(response.body.reason).toBe(reason)
    }
    expect(llm.requests.length).toBe(before)
  })

  it('a visitor cannot reach another visitor’s or another integration’s conversation', async () => {
    const first = await newIntegration()
    const second = await newIntegration()
    const alice = await visitor(first.client_key)
    const bob = await visitor(first.client_key)
    const carol = await visitor(second.client_key)
    expect((await chat(bob.auth, alice.conversationId)).status).toBe(404)
    expect((await chat(carol.auth, alice.conversationId)).status).toBe(404)
    expect((await testApp.request.get(`/api/conversations/api/chat/${alice.conversationId}/`).set(bob.auth)).status).toBe(404)
  })

  it('refreshes with rotation; a replayed refresh token ends the session', async () => {
    const { client_key } = await newIntegration()
    const { session, conversationId } = await visitor(client_key)
    const refreshed = await testApp.request.post('/api/conversations/api/tokens/refresh/').set('Origin', SITE).send({ refresh_token: session.refresh_token })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.refresh_token).not.toBe(session.refresh_token)
    expect(refreshed.body.visitor_id).toBe(session.visitor_id)
    // Within seconds, the old token is a race between tabs: refused, the session lives on.
    const race = await testApp.request.post('/api/conversations/api/tokens/refresh/').set('Origin', SITE).send({ refresh_token: session.refresh_token })
    expect(race.body.reason).toBe('token_rotated')
    // Later, it can only be a copy: the session ends for everyone.
    await ageSpentRefreshTokens(session.visitor_id)
    const replay = await testApp.request.post('/api/conversations/api/tokens/refresh/').set('Origin', SITE).send({ refresh_token: session.refresh_token })
    expect(replay.status).toBe(401)
    const afterReplay = await testApp.request.post('/api/conversations/api/tokens/refresh/').set('Origin', SITE).send({ refresh_token: refreshed.body.refresh_token })
    expect(afterReplay.status).toBe(401)
    expect((await chat({ Authorization: `Bearer ${refreshed.body.token}`, Origin: SITE }, conversationId)).status).toBe(401)
  })

  it('a refresh token spent any number of rotations ago, replayed, ends the session', async () => {
    const { client_key } = await newIntegration()
    const { session, conversationId } = await visitor(client_key)
    const refreshTokens = [session.refresh_token as string]
    let latest = { token: session.token as string, refresh_token: session.refresh_token as string }
    for (let rotation = 0; rotation < 4; rotation++) {
      const refreshed = await refresh(latest.refresh_token)
      expect(refreshed.status).toBe(200)
      latest = refreshed.body
      refreshTokens.push(latest.refresh_token)
    }
    // Within the grace, even the oldest is taken for a race and refused without harm.
    expect((await refresh(refreshTokens[0]!)).body.reason).toBe('token_rotated')
    await ageSpentRefreshTokens(session.visitor_id)
    const replay = await refresh(refreshTokens[1]!) // spent three rotations before the current one
    expect(replay.status).toBe(401)
    expect(replay.body.reason).toBe('session_ended')
    expect(await testApp.database.prisma.widgetSession.findFirst({ where: { visitorId: session.visitor_id }, select: { revokedAt: true } })).toEqual({ revokedAt: expect.any(Date) })
    expect((await refresh(latest.refresh_token)).status).toBe(401)
    expect((await chat({ Authorization: `Bearer ${latest.token}`, Origin: SITE }, conversationId)).status).toBe(401)
  })

  it('two refreshes racing with one token: one rotates it, the other is told to use the new one, and the session lives on', async () => {
    const { client_key } = await newIntegration()
    const { session, conversationId } = await visitor(client_key)
    let current = session.refresh_token as string
    for (let round = 0; round < 3; round++) {
      const race = await Promise.all([refresh(current), refresh(current)])
      expect(race.map((response) => response.status).sort()).toEqual([200, 401])
      const winner = race.find((response) => response.status === 200)!
      expect(race.find((response) => response.status === 401)!.body.reason).toBe('token_rotated')
      current = winner.body.refresh_token
      expect((await testApp.request.get(`/api/conversations/api/chat/${conversationId}/`).set({ Authorization: `Bearer ${winner.body.token}`, Origin: SITE })).status).toBe(200)
    }
    expect(await testApp.database.prisma.widgetSession.findFirst({ where: { visitorId: session.visitor_id }, select: { revokedAt: true } })).toEqual({ revokedAt: null })
    expect(await testApp.database.prisma.widgetSpentRefreshToken.count({ where: { session: { visitorId: session.visitor_id } } })).toBe(3)
  })

  it('ended sessions are deleted with the refresh tokens they spent; a live one keeps all of its own, and a replay on its last day still ends it', async () => {
    const { client_key } = await newIntegration()
    const ended = await visitor(client_key)
    const live = await visitor(client_key)
    const rotations = async (refreshToken: string) => {
      const spent = [refreshToken]
      for (let rotation = 0; rotation < 2; rotation++) {
        const refreshed = await refresh(spent.at(-1)!)
        expect(refreshed.status).toBe(200)
        spent.push(refreshed.body.refresh_token)
      }
      return spent // the last is the current one
    }
    const endedTokens = await rotations(ended.session.refresh_token)
    const liveTokens = await rotations(live.session.refresh_token)
    // Counted by hash, not through the session, which goes with them.
    const spentCount = (tokens: string[]) => testApp.database.prisma.widgetSpentRefreshToken.count({ where: { tokenHash: { in: tokens.map(hashRefreshToken) } } })
    expect(await spentCount(endedTokens)).toBe(2)
    // One session has ended; the other started 29 days ago, and spent its first tokens then.
    const day = 86_400_000
    await testApp.database.prisma.widgetSession.updateMany({ where: { visitorId: ended.session.visitor_id }, data: { expiresAt: new Date(Date.now() - 1_000) } })
    await testApp.database.prisma.widgetSession.updateMany({ where: { visitorId: live.session.visitor_id }, data: { createdAt: new Date(Date.now() - 29 * day), expiresAt: new Date(Date.now() + day) } })
    await testApp.database.prisma.widgetSpentRefreshToken.updateMany({ where: { session: { visitorId: live.session.visitor_id } }, data: { spentAt: new Date(Date.now() - 29 * day) } })

    expect(await deleteExpiredWidgetSessions(testApp.database)).toBeGreaterThanOrEqual(1)
    expect(await testApp.database.prisma.widgetSession.count({ where: { visitorId: ended.session.visitor_id } })).toBe(0)
    expect(await spentCount(endedTokens)).toBe(0)
    expect(await spentCount(liveTokens)).toBe(2)
    // The ended session's tokens, current or spent, are refused as before.
    for (const token of endedTokens) expect((await refresh(token)).body.reason).toBe('session_ended')
    // The live session's oldest spent token, replayed 29 days on, still ends it.
    expect((await refresh(liveTokens[0]!)).body.reason).toBe('session_ended')
    expect(await testApp.database.prisma.widgetSession.findFirst({ where: { visitorId: live.session.visitor_id }, select: { revokedAt: true } })).toEqual({ revokedAt: expect.any(Date) })
    expect((await refresh(liveTokens.at(-1)!)).status).toBe(401)
  })

  it('the sweep deletes ended sessions on its own, pass after pass', async () => {
    const { client_key } = await newIntegration()
    const first = await visitor(client_key)
    const second = await visitor(client_key)
    const end = (visitorId: string) => testApp.database.prisma.widgetSession.updateMany({ where: { visitorId }, data: { expiresAt: new Date(Date.now() - 1_000) } })
    const sessionsOf = (visitorId: string) => testApp.database.prisma.widgetSession.count({ where: { visitorId } })
    await end(first.session.visitor_id)
    const sweep = sweepExpiredWidgetSessions(testApp.database, createLogger({ LOG_LEVEL: 'silent' }), 50)
    try {
      await vi.waitFor(async () => expect(await sessionsOf(first.session.visitor_id)).toBe(0), { timeout: 5_000 })
      expect(await sessionsOf(second.session.visitor_id)).toBe(1)
      await end(second.session.visitor_id)
      await vi.waitFor(async () => expect(await sessionsOf(second.session.visitor_id)).toBe(0), { timeout: 5_000 })
    } finally {
      await sweep.stop()
    }
  })

  it('refuses a refresh from another origin', async () => {
    const { client_key } = await newIntegration()
    const { session } = await visitor(client_key)
    expect((await testApp.request.post('/api/conversations/api/tokens/refresh/').set('Origin', 'https://evil.example').send({ refresh_token: session.refresh_token })).status).toBe(403)
  })
})

describe('limits', () => {
  it('limits messages (and new conversations) per visitor, then per integration, with Retry-After', async () => {
    const { client_key } = await newIntegration()
    // 3 a minute per visitor: starting the conversation was one.
    const first = await visitor(client_key)
    for (let index = 0; index < 2; index += 1) expect((await chat(first.auth, first.conversationId, `q${index}`)).status).toBe(200)
    const tooMany = await chat(first.auth, first.conversationId, 'one more')
    expect(tooMany.status).toBe(429)
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0)
    // 5 a minute per integration: the first visitor used 3, the second's conversation is the 4th.
    const second = await visitor(client_key)
    expect((await chat(second.auth, second.conversationId, 'a')).status).toBe(200)
    const integrationFull = await chat(second.auth, second.conversationId, 'b')
    expect(integrationFull.status).toBe(429)
    expect(integrationFull.body.message).toMatch(/^Too many messages on this website/)
  })

  it('stops answering when the integration’s daily token budget is spent', async () => {
    const { client_key } = await newIntegration({ daily_token_budget: 1 })
    const { auth, conversationId } = await visitor(client_key)
    expect((await chat(auth, conversationId, 'first')).status).toBe(200)
    const before = llm.requests.length
    const spent = await chat(auth, conversationId, 'second')
    expect(spent.status).toBe(429)
    expect(spent.body.message).toBe('This chat has reached its limit for today. Please try again tomorrow.')
    expect(llm.requests.length).toBe(before)
  })

  it('refuses bodies over 32 KB', async () => {
    const { client_key } = await newIntegration()
    const { auth, conversationId } = await visitor(client_key)
    expect((await chat(auth, conversationId, 'x'.repeat(40_000))).status).toBe(413)
  })
})
