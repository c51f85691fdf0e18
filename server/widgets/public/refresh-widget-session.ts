import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { activeIntegrationFor } from './active-integration.ts'
import { originRefused } from './widget-errors.ts'
import type { WidgetSettings } from './widget-settings.ts'
import { hashRefreshToken, newRefreshToken, signWidgetToken } from './widget-tokens.ts'

// Two tabs of one site may refresh at once: the loser presents the token just replaced. Within this
// window that is a race, not a theft.
const ROTATION_GRACE_MS = 20_000

const invalid = () => new AppError('UNAUTHORIZED', 'This chat session has ended. Start a new one.', { reason: 'session_ended' })

/**
 * Renews a visitor's token with its refresh token, which rotates. A replaced refresh token presented
 * again (after the grace window) means it was copied: the session is revoked for everyone holding it.
 */
export async function refreshWidgetSession(database: Database, settings: WidgetSettings, refreshToken: string, origin: string | null) {
  const hash = hashRefreshToken(refreshToken)
  const session = await database.prisma.widgetSession.findUnique({ where: { refreshTokenHash: hash } })
  if (!session) {
    const replayed = await database.prisma.widgetSession.findUnique({ where: { previousRefreshTokenHash: hash } })
    if (replayed && !replayed.revokedAt) {
      if (Date.now() - replayed.lastUsedAt.getTime() < ROTATION_GRACE_MS) throw new AppError('UNAUTHORIZED', 'This refresh token was just replaced; use the new one.', { reason: 'token_rotated' })
      await database.prisma.widgetSession.update({ where: { id: replayed.id }, data: { revokedAt: new Date() } })
    }
    throw invalid()
  }
  if (session.revokedAt || session.expiresAt <= new Date()) throw invalid()
  if (origin !== session.origin) throw originRefused()
  const { integration } = await activeIntegrationFor(database, { id: session.widgetIntegrationId }, origin)
  const next = newRefreshToken()
  const rotated = await database.prisma.widgetSession.updateMany({
    where: { id: session.id, refreshTokenHash: hash },
    data: { refreshTokenHash: next.hash, previousRefreshTokenHash: hash, lastUsedAt: new Date() },
  })
  if (rotated.count === 0) throw invalid() // a concurrent refresh won
  const token = await signWidgetToken(settings.tokenKey, { sessionId: session.id, integrationId: integration.id, visitorId: session.visitorId, origin: session.origin }, settings.tokenTtlSeconds)
  return { token, refresh_token: next.token, expires_in: settings.tokenTtlSeconds, visitor_id: session.visitorId }
}
