import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { signAccessToken } from './access-tokens.ts'
import { hashRefreshToken, INVALID_REFRESH_TOKEN, newRefreshToken } from './refresh-tokens.ts'
import { revokeSession } from './revoke-session.ts'
import type { SessionSettings } from './session-settings.ts'

/**
 * A token presented again this soon after it was spent is two tabs refreshing at once, or a retry after
 * a lost response, not theft: it gets a fresh token of its own. Later than this, it is reuse.
 */
const REUSE_GRACE_MS = 20_000

const invalid = () => new AppError('UNAUTHORIZED', INVALID_REFRESH_TOKEN, { reason: 'refresh_token_invalid' })

export interface RefreshSessionOptions {
  settings: SessionSettings
  refreshToken: string
  beforeRotate?: (sessionId: string) => Promise<void>
}

/**
 * Rotates a refresh token: the presented one is spent, a new one is issued in the same family, with a
 * new access token. A token spent longer than REUSE_GRACE_MS ago means it leaked: the whole family is
 * revoked, which signs out everyone holding any token of it. A family lives at most
 * `sessionMaxAgeSeconds` however often it is refreshed.
 */
export async function refreshSession(
  database: Database,
  { settings, refreshToken, beforeRotate }: RefreshSessionOptions,
) {
  const now = new Date()
  const presented = await database.prisma.refreshToken.findUnique({
    where: { tokenHash: hashRefreshToken(refreshToken) },
    include: { family: { include: { user: { select: { isActive: true } } } } },
  })
  if (!presented || presented.family.revokedAt || !presented.family.user.isActive) throw invalid()
  const isWithinGrace = (spentAt: Date) => now.getTime() - spentAt.getTime() <= REUSE_GRACE_MS
  if (presented.rotatedAt && !isWithinGrace(presented.rotatedAt)) {
    await revokeSession(database, presented.familyId, 'reuse')
    throw invalid()
  }
  const sessionEnds = new Date(presented.family.createdAt.getTime() + settings.sessionMaxAgeSeconds * 1000)
  if ((!presented.rotatedAt && presented.expiresAt <= now) || sessionEnds <= now) throw invalid()
  await beforeRotate?.(presented.familyId)

  const next = newRefreshToken()
  const expiresAt = new Date(Math.min(now.getTime() + settings.refreshTokenTtlSeconds * 1000, sessionEnds.getTime()))
  await database.prisma.$transaction(async (transaction) => {
    // Conditional: of two refreshes racing with one token, one spends it; the other (in grace) gets a sibling.
    await transaction.refreshToken.updateMany({
      where: { id: presented.id, rotatedAt: null },
      data: { rotatedAt: now },
    })
    await transaction.refreshToken.create({
      data: { familyId: presented.familyId, tokenHash: hashRefreshToken(next), expiresAt },
    })
    await transaction.refreshTokenFamily.update({
      where: { id: presented.familyId },
      data: { lastUsedAt: now, expiresAt },
    })
  })
  const access = await signAccessToken(settings, { userId: presented.family.userId, sessionId: presented.familyId })
  return { access_token: access.token, refresh_token: next, access_expires_at: access.expiresAt.toISOString() }
}
