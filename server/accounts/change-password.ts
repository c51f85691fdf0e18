import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import type { ChangePassword } from './accounts.schemas.ts'
import { MESSAGES } from './accounts.schemas.ts'
import type { Actor } from './actor.ts'
import { confirmPassword } from './confirm-password.ts'
import { hashPassword, verifyPassword } from './password-hashing.ts'
import { requireUser } from './require-user.ts'
import { revokeOtherSessions } from './sessions/revoke-session.ts'

/**
 * Sets a new password after checking the current one (an account created through Google or Shopify has
 * none yet and sets its first). Every other session ends: whoever knew the old password is signed out.
 */
export async function changePassword(database: Database, actor: Actor, change: ChangePassword) {
  const user = await requireUser(database, actor)
  if (user.passwordHash) {
    if (!change.old_password) throw new AppError('BAD_REQUEST', MESSAGES.passwordFieldsRequired)
    await confirmPassword(user, change.old_password, 'Current password is incorrect.')
    if (await verifyPassword(user.passwordHash, change.new_password)) {
      throw new AppError('BAD_REQUEST', 'New password must be different from the current password.')
    }
  }
  await database.prisma.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(change.new_password) } })
  await revokeOtherSessions(database, user.id, 'password-change', actor.sessionId)
}
