import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { hashRefreshToken, INVALID_REFRESH_TOKEN } from './refresh-tokens.ts'
import { revokeSession } from './revoke-session.ts'

/** Logout: the session the refresh token belongs to ends. An unknown, expired or ended session is a 401. */
export async function endSession(database: Database, refreshToken: string) {
  const presented = await database.prisma.refreshToken.findUnique({
    where: { tokenHash: hashRefreshToken(refreshToken) },
    include: { family: true },
  })
  if (!presented || presented.family.revokedAt || presented.family.expiresAt <= new Date()) {
    throw new AppError('UNAUTHORIZED', INVALID_REFRESH_TOKEN, { reason: 'refresh_token_invalid' })
  }
  await revokeSession(database, presented.familyId, 'logout')
}
