import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { activeIntegrationFor } from './active-integration.ts'
import { originRefused } from './widget-errors.ts'
import type { WidgetSettings } from './widget-settings.ts'
import { hashRefreshToken, newRefreshToken, signWidgetToken } from './widget-tokens.ts'

// Two tabs of one site may refresh at once: the loser presents the token just replaced. Within this
// window that is a race, not a theft.
const ROTATION_GRACE_MS = 20_000

const invalid = () =>
  new AppError('UNAUTHORIZED', 'This chat session has ended. Start a new one.', { reason: 'session_ended' })
const justRotated = () =>
  new AppError('UNAUTHORIZED', 'This refresh token was just replaced; use the new one.', { reason: 'token_rotated' })

// A token that is no session's current one: spent by a rotation (a race within the grace, a copy
// after it, which revokes the session however many rotations ago it was spent), or unknown.
async function refuseSpentToken(database: Database, hash: string, now: Date): Promise<never> {
  const spent = await database.prisma.widgetSpentRefreshToken.findUnique({
    where: { tokenHash: hash },
    include: { session: { select: { revokedAt: true } } },
  })
  if (spent && !spent.session.revokedAt) {
    if (now.getTime() - spent.spentAt.getTime() <= ROTATION_GRACE_MS) throw justRotated()
    await database.prisma.widgetSession.updateMany({
      where: { id: spent.sessionId, revokedAt: null },
      data: { revokedAt: now },
    })
  }
  throw invalid()
}

export interface RefreshWidgetSessionOptions {
  settings: WidgetSettings
  refreshToken: string
  origin: string | null
}

/**
 * Renews a visitor's token with its refresh token, which rotates; every replaced one is kept (as a
 * hash) so that presenting it again after the grace window, a sign it was copied, revokes the session
 * for everyone holding it, as the dashboard's refresh-token families do.
 */
export async function refreshWidgetSession(
  database: Database,
  { settings, refreshToken, origin }: RefreshWidgetSessionOptions,
) {
  const hash = hashRefreshToken(refreshToken)
  const now = new Date()
  const session = await database.prisma.widgetSession.findUnique({ where: { refreshTokenHash: hash } })
  if (!session) return refuseSpentToken(database, hash, now)
  if (session.revokedAt || session.expiresAt <= now) throw invalid()
  if (origin !== session.origin) throw originRefused()
  const { integration } = await activeIntegrationFor(database, { id: session.widgetIntegrationId }, origin)
  const next = newRefreshToken()
  const hasRotated = await database.prisma.$transaction(async (transaction) => {
    // Conditional: of two refreshes racing with one token, one rotates it; the other changes nothing.
    const rotated = await transaction.widgetSession.updateMany({
      where: { id: session.id, refreshTokenHash: hash, revokedAt: null },
      data: { refreshTokenHash: next.hash, lastUsedAt: now },
    })
    if (rotated.count === 0) return false
    await transaction.widgetSpentRefreshToken.create({ data: { tokenHash: hash, sessionId: session.id, spentAt: now } })
    return true
  })
  // The race's loser: the session lives on with the winner's token, which the widget shares between tabs.
  if (!hasRotated) throw justRotated()
  const token = await signWidgetToken(
    settings.tokenKey,
    { sessionId: session.id, integrationId: integration.id, visitorId: session.visitorId, origin: session.origin },
    settings.tokenTtlSeconds,
  )
  return { token, refresh_token: next.token, expires_in: settings.tokenTtlSeconds, visitor_id: session.visitorId }
}
