import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { MESSAGES } from '../accounts.schemas.ts'
import { requireDashboardSignIn, type Actor } from '../actor.ts'
import { receivesEmail } from '../receives-email.ts'
import { requireUser } from '../require-user.ts'
import { queueEmailCheck } from './queue-email-check.ts'

export interface ResendEmailCheckOptions {
  database: Database
  /** Where the link points (linkBaseOf). */
  linkBase: string
  actor: Actor
}

/**
 * A new check link for the address waiting to be proven: the new sign-in e-mail asked for, else the
 * account's own. Answers the address it went to.
 */
export async function resendEmailCheck({ database, linkBase, actor }: ResendEmailCheckOptions) {
  requireDashboardSignIn(actor)
  const user = await requireUser(database, actor)
  const email = user.pendingEmail ?? user.email
  if (!user.pendingEmail && user.emailVerifiedAt) throw new AppError('BAD_REQUEST', MESSAGES.emailAlreadyVerified)
  if (!receivesEmail({ email, isActive: user.isActive })) throw new AppError('BAD_REQUEST', MESSAGES.noRealEmail)
  await database.prisma.$transaction((tx) =>
    queueEmailCheck(tx, { userId: user.id, email, isChange: user.pendingEmail !== null, linkBase }),
  )
  return { email }
}
