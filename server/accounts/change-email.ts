import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import { emailLinkUrl } from '../mail/email-link-url.ts'
import { emailChangeNoticeEmail } from '../mail/email-templates.ts'
import { queueEmail } from '../mail/send-email-job.ts'
import type { ChangeEmail } from './accounts.schemas.ts'
import { MESSAGES } from './accounts.schemas.ts'
import { requireDashboardSignIn, type Actor } from './actor.ts'
import { confirmPassword } from './confirm-password.ts'
import { dropPendingEmailChange } from './email-check/drop-pending-email-change.ts'
import { queueEmailCheck } from './email-check/queue-email-check.ts'
import { receivesEmail } from './receives-email.ts'
import { requireUser } from './require-user.ts'
import { revokeOtherSessions } from './sessions/revoke-session.ts'

export const EMAIL_IN_USE = MESSAGES.emailInUse

export interface ChangeEmailOptions {
  database: Database
  /** Where e-mailed links point (linkBaseOf). */
  linkBase: string
  actor: Actor
  change: ChangeEmail
}

/**
 * Asks for a new sign-in e-mail, confirmed by the password. It takes effect when the new address opens
 * the link mailed to it (confirm-email-address.ts); the old address is told at once, with a way to stop
 * whoever asked. Other sessions end, as after a password change. Answers the address waiting for its link.
 */
export async function changeEmail({ database, linkBase, actor, change }: ChangeEmailOptions) {
  requireDashboardSignIn(actor)
  const user = await requireUser(database, actor)
  if (change.new_email === user.email) throw new AppError('BAD_REQUEST', MESSAGES.sameEmail)
  await confirmPassword(user, change.password)
  const taken = await database.prisma.user.findUnique({ where: { email: change.new_email }, select: { id: true } })
  if (taken) throw new AppError('CONFLICT', EMAIL_IN_USE)
  await database.prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { pendingEmail: change.new_email } })
    const { linkId } = await queueEmailCheck(tx, {
      userId: user.id,
      email: change.new_email,
      isChange: true,
      linkBase,
    })
    if (receivesEmail(user))
      await queueEmail(tx, {
        to: user.email,
        content: emailChangeNoticeEmail({
          newEmail: change.new_email,
          resetLink: emailLinkUrl(linkBase, '/auth/forgot-password'),
        }),
        eventKey: `email-change-notice:${linkId}`,
        accountId: user.id,
      })
  })
  await revokeOtherSessions(database, { userId: user.id, reason: 'email-change', exceptSessionId: actor.sessionId })
  return { pendingEmail: change.new_email }
}

/** Withdraws a change of sign-in e-mail that has not taken effect: its link stops working. */
export async function cancelEmailChange(database: Database, actor: Actor) {
  requireDashboardSignIn(actor)
  const user = await requireUser(database, actor)
  if (!user.pendingEmail) throw new AppError('BAD_REQUEST', MESSAGES.noEmailChange)
  await dropPendingEmailChange(database.prisma, { userId: user.id, currentEmail: user.email })
}
