import type { Database } from '../../db/database.ts'

export type RevokeReason =
  | 'logout'
  | 'reuse'
  | 'password-change'
  | 'password-reset'
  | 'email-change'
  | 'account-deletion'
  | 'account-takeover-guard'

/** Ends one sign-in session: its refresh tokens stop refreshing, its access tokens stop authenticating. */
export async function revokeSession(database: Database, familyId: string, reason: RevokeReason) {
  await database.prisma.refreshTokenFamily.updateMany({
    where: { id: familyId, revokedAt: null },
    data: { revokedAt: new Date(), revokedReason: reason },
  })
}

export interface RevokeOtherSessionsOptions {
  userId: string
  reason: RevokeReason
  exceptSessionId?: string
}

/** Ends every session of a user, but `exceptSessionId` (the one making the change) when given. */
export async function revokeOtherSessions(
  database: Database,
  { userId, reason, exceptSessionId }: RevokeOtherSessionsOptions,
) {
  await database.prisma.refreshTokenFamily.updateMany({
    where: { userId, revokedAt: null, ...(exceptSessionId ? { id: { not: exceptSessionId } } : {}) },
    data: { revokedAt: new Date(), revokedReason: reason },
  })
}
