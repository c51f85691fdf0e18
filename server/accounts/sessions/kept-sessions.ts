import type { KeptRowKind } from '../../db/caching/kept-rows.ts'

/** A signed-in session as every request checks it (resolveActor): whose, whether ended, and its user. */
interface KeptSession {
  userId: string
  revokedAt: Date | null
  user: { email: string; fullName: string; isActive: boolean }
}

/** Sessions kept by this process, keyed by session (refresh-token family) id, until it or its user changes. */
export const KEPT_SESSIONS: KeptRowKind<KeptSession> = {
  invalidatedBy: { refresh_token_families: 'key', users: (session, userId) => session.userId === userId },
  maxEntries: 20_000,
}
