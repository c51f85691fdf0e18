import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import type { ChangePassword } from './accounts.schemas.ts'
import { MESSAGES } from './accounts.schemas.ts'
import { requireDashboardSignIn, type Actor } from './actor.ts'
import { confirmPassword } from './confirm-password.ts'
import { dropPendingEmailChange } from './email-check/drop-pending-email-change.ts'
import { spendPasswordResetLinks } from './email-links/email-link-tokens.ts'
import { hashPassword, verifyPassword } from './password-hashing.ts'
import { requireUser } from './require-user.ts'
import { revokeOtherSessions } from './sessions/revoke-session.ts'

// Setting a first password has no old one to check, so it needs a sign-in this recent instead: a
// stolen access token alone must not be enough to add a password and keep the account.
const FRESH_SIGN_IN_MS = 10 * 60 * 1000

async function requireFreshSignIn(database: Database, actor: Actor) {
  const session = await database.prisma.refreshTokenFamily.findUnique({
    where: { id: actor.sessionId },
    select: { createdAt: true },
  })
  if (!session || Date.now() - session.createdAt.getTime() > FRESH_SIGN_IN_MS) {
    throw new AppError('FORBIDDEN', 'For your security, sign in again (with Google) before setting a password.')
  }
}

/**
 * Sets a new password after checking the current one. An account created through Google or Shopify has
 * none yet: it sets its first within minutes of signing in. Every other session ends: whoever knew the
 * old password is signed out, and a change of e-mail they may have asked for is dropped.
 */
export async function changePassword(database: Database, actor: Actor, change: ChangePassword) {
  requireDashboardSignIn(actor)
  const user = await requireUser(database, actor)
  if (!user.passwordHash) await requireFreshSignIn(database, actor)
  if (user.passwordHash) {
    if (!change.old_password) throw new AppError('BAD_REQUEST', MESSAGES.passwordFieldsRequired)
    await confirmPassword(user, change.old_password, 'Current password is incorrect.')
    if (await verifyPassword(user.passwordHash, change.new_password)) {
      throw new AppError('BAD_REQUEST', 'New password must be different from the current password.')
    }
  }
  await database.prisma.user.update({
    where: { id: user.id },
    data: { passwordHash: await hashPassword(change.new_password) },
  })
  await spendPasswordResetLinks(database.prisma, user.id)
  await dropPendingEmailChange(database.prisma, { userId: user.id, currentEmail: user.email })
  await revokeOtherSessions(database, { userId: user.id, reason: 'password-change', exceptSessionId: actor.sessionId })
}
