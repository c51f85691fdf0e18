import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { deleteExpiredWidgetSessions } from '../../../server/widgets/public/delete-expired-widget-sessions.ts'
import { sweepExpiredWidgetSessions } from '../../../server/widgets/public/sweep-expired-widget-sessions.ts'
import { hashRefreshToken } from '../../../server/widgets/public/widget-tokens.ts'
import type { ChatTestbed } from '../../support/chat-testbed.ts'
import type { TestApp } from '../../support/create-test-app.ts'
import { newIntegration, refresh, startWidgetTestbed, visitor } from '../../support/widget-visitors.ts'

// Ended widget sessions are deleted with the refresh tokens they spent, by hand and by the sweep.
let testApp: TestApp
let testbed: ChatTestbed

beforeAll(async () => {
  testbed = await startWidgetTestbed()
  ;({ testApp } = testbed)
})
afterAll(async () => testbed.close())

describe('tokens', () => {
  it('ended sessions are deleted with the refresh tokens they spent; a live one keeps all of its own, and a replay on its last day still ends it', async () => {
    const { client_key } = await newIntegration(testbed)
    const ended = await visitor(testApp, client_key)
    const live = await visitor(testApp, client_key)
    const rotations = async (refreshToken: string) => {
      const spent = [refreshToken]
      for (let rotation = 0; rotation < 2; rotation++) {
        const refreshed = await refresh(testApp, spent.at(-1)!)
        expect(refreshed.status).toBe(200)
        spent.push(refreshed.body.refresh_token)
      }
      return spent // the last is the current one
    }
    const endedTokens = await rotations(ended.session.refresh_token)
    const liveTokens = await rotations(live.session.refresh_token)
    // Counted by hash, not through the session, which goes with them.
    const spentCount = (tokens: string[]) =>
      testApp.database.prisma.widgetSpentRefreshToken.count({
        where: { tokenHash: { in: tokens.map(hashRefreshToken) } },
      })
    expect(await spentCount(endedTokens)).toBe(2)
    // One session has ended; the other started 29 days ago, and spent its first tokens then.
    const day = 86_400_000
    await testApp.database.prisma.widgetSession.updateMany({
      where: { visitorId: ended.session.visitor_id },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    })
    await testApp.database.prisma.widgetSession.updateMany({
      where: { visitorId: live.session.visitor_id },
      data: { createdAt: new Date(Date.now() - 29 * day), expiresAt: new Date(Date.now() + day) },
    })
    await testApp.database.prisma.widgetSpentRefreshToken.updateMany({
      where: { session: { visitorId: live.session.visitor_id } },
      data: { spentAt: new Date(Date.now() - 29 * day) },
    })

    expect(await deleteExpiredWidgetSessions(testApp.database)).toBeGreaterThanOrEqual(1)
    expect(await testApp.database.prisma.widgetSession.count({ where: { visitorId: ended.session.visitor_id } })).toBe(
      0,
    )
    expect(await spentCount(endedTokens)).toBe(0)
    expect(await spentCount(liveTokens)).toBe(2)
    // The ended session's tokens, current or spent, are refused as before.
    for (const token of endedTokens) expect((await refresh(testApp, token)).body.reason).toBe('session_ended')
    // The live session's oldest spent token, replayed 29 days on, still ends it.
    expect((await refresh(testApp, liveTokens[0]!)).body.reason).toBe('session_ended')
    expect(
      await testApp.database.prisma.widgetSession.findFirst({
        where: { visitorId: live.session.visitor_id },
        select: { revokedAt: true },
      }),
    ).toEqual({ revokedAt: expect.any(Date) })
    expect((await refresh(testApp, liveTokens.at(-1)!)).status).toBe(401)
  })

  it('the sweep deletes ended sessions on its own, pass after pass', async () => {
    const { client_key } = await newIntegration(testbed)
    const first = await visitor(testApp, client_key)
    const second = await visitor(testApp, client_key)
    const end = (visitorId: string) =>
      testApp.database.prisma.widgetSession.updateMany({
        where: { visitorId },
        data: { expiresAt: new Date(Date.now() - 1_000) },
      })
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
})
