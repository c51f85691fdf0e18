import type { Database } from '../../db/database.ts'
import { keptRowsOf } from '../../db/caching/kept-rows.ts'
import { AppError } from '../../errors/app-error.ts'
import type { Actor } from '../actor.ts'
import { KEPT_SESSIONS } from './kept-sessions.ts'
import { verifyAccessToken } from './access-tokens.ts'
import type { SessionSettings } from './session-settings.ts'

/**
 * The actor behind an access token. Besides the signature and expiry, the session must still be open
 * and the user active: logout, a password change or account deletion take effect at once.
 */
export async function resolveActor(database: Database, settings: SessionSettings, accessToken: string): Promise<Actor> {
  const claims = await verifyAccessToken(settings, accessToken)
  const read = () =>
    database.prisma.refreshTokenFamily.findUnique({
      where: { id: claims.sessionId },
      select: { userId: true, revokedAt: true, user: { select: { email: true, fullName: true, isActive: true } } },
    })
  // Kept by this process until the session or its user changes (in any process): no statement per request.
  const kept = keptRowsOf(database, KEPT_SESSIONS)
  const session = kept ? await kept.read(claims.sessionId, read) : await read()
  if (!session || session.userId !== claims.userId || session.revokedAt || !session.user.isActive) {
    throw new AppError('UNAUTHORIZED', 'Your session has ended. Please sign in again.', { reason: 'session_ended' })
  }
  return {
    userId: claims.userId,
    email: session.user.email,
    fullName: session.user.fullName,
    sessionId: claims.sessionId,
  }
}
