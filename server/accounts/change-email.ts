import type { Database } from '../db/database.ts'
import { Prisma } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import type { ChangeEmail } from './accounts.schemas.ts'
import { MESSAGES } from './accounts.schemas.ts'
import { requireDashboardSignIn, type Actor } from './actor.ts'
import { confirmPassword } from './confirm-password.ts'
import { requireUser } from './require-user.ts'
import { revokeOtherSessions } from './sessions/revoke-session.ts'

export const EMAIL_IN_USE = 'This email is already in use.'

/** A new sign-in e-mail, confirmed by the password. Other sessions end, as after a password change. */
export async function changeEmail(database: Database, actor: Actor, change: ChangeEmail) {
  requireDashboardSignIn(actor)
  const user = await requireUser(database, actor)
  if (change.new_email === user.email) throw new AppError('BAD_REQUEST', MESSAGES.sameEmail)
  await confirmPassword(user, change.password)
  try {
    // The new address is not proven until someone proves it (Google, a mailed link).
    await database.prisma.user.update({
      where: { id: user.id },
      data: { email: change.new_email, emailVerifiedAt: null },
    })
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')
      throw new AppError('CONFLICT', EMAIL_IN_USE)
    throw error
  }
  await revokeOtherSessions(database, { userId: user.id, reason: 'email-change', exceptSessionId: actor.sessionId })
}
