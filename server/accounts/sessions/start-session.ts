import type { Database } from '../../db/database.ts'
import { signAccessToken } from './access-tokens.ts'
import { hashRefreshToken, newRefreshToken } from './refresh-tokens.ts'
import type { SessionSettings, SessionTokens } from './session-settings.ts'

export interface StartSessionOptions {
  settings: SessionSettings
  userId: string
  userAgent?: string
}

/** Signs a user in: a new refresh-token family with its first token, and an access token bound to it. */
export async function startSession(
  database: Database,
  { settings, userId, userAgent }: StartSessionOptions,
): Promise<SessionTokens> {
  const refresh = newRefreshToken()
  const expiresAt = new Date(
    Date.now() + Math.min(settings.refreshTokenTtlSeconds, settings.sessionMaxAgeSeconds) * 1000,
  )
  const family = await database.prisma.refreshTokenFamily.create({
    data: {
      userId,
      expiresAt,
      userAgent: userAgent?.slice(0, 255),
      tokens: { create: { tokenHash: hashRefreshToken(refresh), expiresAt } },
    },
  })
  await database.prisma.user.update({ where: { id: userId }, data: { lastLoginAt: new Date() } })
  const access = await signAccessToken(settings, { userId, sessionId: family.id })
  return { access: access.token, refresh, access_expires_at: access.expiresAt.toISOString() }
}
