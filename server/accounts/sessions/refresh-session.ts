import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { signAccessToken } from './access-tokens.ts'
import { hashRefreshToken, INVALID_REFRESH_TOKEN, newRefreshToken } from './refresh-tokens.ts'
import { revokeSession } from './revoke-session.ts'
import type { SessionSettings } from './session-settings.ts'

const invalid = () => new AppError('UNAUTHORIZED', INVALID_REFRESH_TOKEN, { reason: 'refresh_token_invalid' })

/**
 * Rotates a refresh token: the presented one is spent, a new one is issued in the same family, with a
 * new access token. Presenting a token that was already spent means it leaked (or two tabs raced): the
 * whole family is revoked, which signs out everyone holding any token of it.
 */
export async function refreshSession(database: Database, settings: SessionSettings, refreshToken: string) {
  const now = new Date()
  const presented = await database.prisma.refreshToken.findUnique({
    where: { tokenHash: hashRefreshToken(refreshToken) },
    include: { family: { include: { user: { select: { isActive: true } } } } },
  })
  if (!presented) throw invalid()
  if (presented.rotatedAt) {
    await revokeSession(database, presented.familyId, 'reuse')
    throw invalid()
  }
  if (presented.family.revokedAt || presented.expiresAt <= now || !presented.family.user.isActive) throw invalid()

  const next = newRefreshToken()
  const expiresAt = new Date(now.getTime() + settings.refreshTokenTtlSeconds * 1000)
  const isRotated = await database.prisma.$transaction(async (transaction) => {
    // Conditional on not yet rotated: of two concurrent refreshes with one token, only one wins.
    const spent = await transaction.refreshToken.updateMany({ where: { id: presented.id, rotatedAt: null }, data: { rotatedAt: now } })
    if (spent.count === 0) return false
    await transaction.refreshToken.create({ data: { familyId: presented.familyId, tokenHash: hashRefreshToken(next), expiresAt } })
    await transaction.refreshTokenFamily.update({ where: { id: presented.familyId }, data: { lastUsedAt: now, expiresAt } })
    return true
  })
  if (!isRotated) {
    await revokeSession(database, presented.familyId, 'reuse')
    throw invalid()
  }
  const access = await signAccessToken(settings, { userId: presented.family.userId, sessionId: presented.familyId })
  return { access_token: access.token, refresh_token: next, access_expires_at: access.expiresAt.toISOString() }
}
