// @database-specific: two refreshes racing on one token
import { hkdfSync } from 'node:crypto'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SignedUp } from '../../support/accounts.ts'
import type { ChatTestbed } from '../../support/chat-testbed.ts'
import type { TestApp } from '../../support/create-test-app.ts'
import {
  ageSpentRefreshTokens,
  chat,
  newIntegration,
  refresh,
  SECRET_KEY,
  SITE,
  startWidgetTestbed,
  visitor,
} from '../../support/widget-visitors.ts'

// Widget tokens: which are refused, what a visitor may reach, and refresh with rotation, races and replays.
let testApp: TestApp
let llm: ChatTestbed['llm']
let owner: SignedUp
let testbed: ChatTestbed

beforeAll(async () => {
  testbed = await startWidgetTestbed()
  ;({ testApp, llm, owner } = testbed)
})
afterAll(async () => testbed.close())

describe('tokens', () => {
  const widgetKey = () => Buffer.from(hkdfSync('sha256', SECRET_KEY, 'agentdesk', 'widget-token', 32))
  const claimsOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, string>

  it('refuses a missing, forged, expired or user token, and a token sent from another origin; none reaches the LLM', async () => {
    const { client_key } = await newIntegration(testbed)
    const { session, conversationId } = await visitor(testApp, client_key)
    const claims = claimsOf(session.token)
    const sign = (key: Buffer, expiresAt: number) =>
      new SignJWT({ iid: claims.iid, vid: claims.vid, origin: claims.origin })
        .setProtectedHeader({ alg: 'HS256', typ: 'widget+jwt' })
        .setSubject(claims.sub ?? '')
        .setIssuer('agentdesk')
        .setAudience('agentdesk-widget')
        .setExpirationTime(expiresAt)
        .sign(key)
    const before = llm.requests.length
    const tries: [Record<string, string>, number, string?][] = [
      [{ Origin: SITE }, 401, 'token_missing'],
      [
        {
          Origin: SITE,
          Authorization: `Bearer ${await sign(Buffer.alloc(32, 7), Math.floor(Date.now() / 1000) + 600)}`,
        },
        401,
        'token_invalid',
      ],
      [
        { Origin: SITE, Authorization: `Bearer ${await sign(widgetKey(), Math.floor(Date.now() / 1000) - 10)}` },
        401,
        'token_expired',
      ],
      [{ Origin: SITE, Authorization: `Bearer ${owner.access}` }, 401, 'token_invalid'],
      [{ Origin: 'https://evil.example', Authorization: `Bearer ${session.token}` }, 403],
      [{ Authorization: `Bearer ${session.token}` }, 403],
    ]
    for (const [headers, status, reason] of tries) {
      const response = await chat(testApp, headers, conversationId)
      expect(response.status, JSON.stringify(headers)).toBe(status)
      if (reason) expect(response.body.reason).toBe(reason)
    }
    expect(llm.requests.length).toBe(before)
  })

  it('a visitor cannot reach another visitor’s or another integration’s conversation', async () => {
    const first = await newIntegration(testbed)
    const second = await newIntegration(testbed)
    const alice = await visitor(testApp, first.client_key)
    const bob = await visitor(testApp, first.client_key)
    const carol = await visitor(testApp, second.client_key)
    expect((await chat(testApp, bob.auth, alice.conversationId)).status).toBe(404)
    expect((await chat(testApp, carol.auth, alice.conversationId)).status).toBe(404)
    expect(
      (await testApp.request.get(`/api/conversations/api/chat/${alice.conversationId}/`).set(bob.auth)).status,
    ).toBe(404)
  })

  it('refreshes with rotation; a replayed refresh token ends the session', async () => {
    const { client_key } = await newIntegration(testbed)
    const { session, conversationId } = await visitor(testApp, client_key)
    const refreshed = await testApp.request
      .post('/api/conversations/api/tokens/refresh/')
      .set('Origin', SITE)
      .send({ refresh_token: session.refresh_token })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.refresh_token).not.toBe(session.refresh_token)
    expect(refreshed.body.visitor_id).toBe(session.visitor_id)
    // Within seconds, the old token is a race between tabs: refused, the session lives on.
    const race = await testApp.request
      .post('/api/conversations/api/tokens/refresh/')
      .set('Origin', SITE)
      .send({ refresh_token: session.refresh_token })
    expect(race.body.reason).toBe('token_rotated')
    // Later, it can only be a copy: the session ends for everyone.
    await ageSpentRefreshTokens(testApp, session.visitor_id)
    const replay = await testApp.request
      .post('/api/conversations/api/tokens/refresh/')
      .set('Origin', SITE)
      .send({ refresh_token: session.refresh_token })
    expect(replay.status).toBe(401)
    const afterReplay = await testApp.request
      .post('/api/conversations/api/tokens/refresh/')
      .set('Origin', SITE)
      .send({ refresh_token: refreshed.body.refresh_token })
    expect(afterReplay.status).toBe(401)
    expect(
      (await chat(testApp, { Authorization: `Bearer ${refreshed.body.token}`, Origin: SITE }, conversationId)).status,
    ).toBe(401)
  })

  it('a refresh token spent any number of rotations ago, replayed, ends the session', async () => {
    const { client_key } = await newIntegration(testbed)
    const { session, conversationId } = await visitor(testApp, client_key)
    const refreshTokens = [session.refresh_token as string]
    let latest = { token: session.token as string, refresh_token: session.refresh_token as string }
    for (let rotation = 0; rotation < 4; rotation++) {
      const refreshed = await refresh(testApp, latest.refresh_token)
      expect(refreshed.status).toBe(200)
      latest = refreshed.body
      refreshTokens.push(latest.refresh_token)
    }
    // Within the grace, even the oldest is taken for a race and refused without harm.
    expect((await refresh(testApp, refreshTokens[0]!)).body.reason).toBe('token_rotated')
    await ageSpentRefreshTokens(testApp, session.visitor_id)
    const replay = await refresh(testApp, refreshTokens[1]!) // spent three rotations before the current one
    expect(replay.status).toBe(401)
    expect(replay.body.reason).toBe('session_ended')
    expect(
      await testApp.database.prisma.widgetSession.findFirst({
        where: { visitorId: session.visitor_id },
        select: { revokedAt: true },
      }),
    ).toEqual({ revokedAt: expect.any(Date) })
    expect((await refresh(testApp, latest.refresh_token)).status).toBe(401)
    expect(
      (await chat(testApp, { Authorization: `Bearer ${latest.token}`, Origin: SITE }, conversationId)).status,
    ).toBe(401)
  })

  it('two refreshes racing with one token: one rotates it, the other is told to use the new one, and the session lives on', async () => {
    const { client_key } = await newIntegration(testbed)
    const { session, conversationId } = await visitor(testApp, client_key)
    let current = session.refresh_token as string
    for (let round = 0; round < 3; round++) {
      const race = await Promise.all([refresh(testApp, current), refresh(testApp, current)])
      expect(race.map((response) => response.status).sort()).toEqual([200, 401])
      const winner = race.find((response) => response.status === 200)!
      expect(race.find((response) => response.status === 401)!.body.reason).toBe('token_rotated')
      current = winner.body.refresh_token
      expect(
        (
          await testApp.request
            .get(`/api/conversations/api/chat/${conversationId}/`)
            .set({ Authorization: `Bearer ${winner.body.token}`, Origin: SITE })
        ).status,
      ).toBe(200)
    }
    expect(
      await testApp.database.prisma.widgetSession.findFirst({
        where: { visitorId: session.visitor_id },
        select: { revokedAt: true },
      }),
    ).toEqual({ revokedAt: null })
    expect(
      await testApp.database.prisma.widgetSpentRefreshToken.count({
        where: { session: { visitorId: session.visitor_id } },
      }),
    ).toBe(3)
  })

  it('refuses a refresh from another origin', async () => {
    const { client_key } = await newIntegration(testbed)
    const { session } = await visitor(testApp, client_key)
    expect(
      (
        await testApp.request
          .post('/api/conversations/api/tokens/refresh/')
          .set('Origin', 'https://evil.example')
          .send({ refresh_token: session.refresh_token })
      ).status,
    ).toBe(403)
  })
})
