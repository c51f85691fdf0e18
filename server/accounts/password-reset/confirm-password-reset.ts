import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { MESSAGES, type PasswordResetConfirm } from '../accounts.schemas.ts'
import { linkPendingMemberships } from '../../teams/link-pending-memberships.ts'
import { dropPendingEmailChange } from '../email-check/drop-pending-email-change.ts'
import { findUsableEmailLink, spendPasswordResetLinks, useEmailLink } from '../email-links/email-link-tokens.ts'
import { hashPassword } from '../password-hashing.ts'

/**
 * Sets the password a reset link was sent for. The link works once and ends every session of the account
 * (whoever had the old password is signed out, and a change of e-mail they asked for is dropped);
 * following it also proves the address, so invitations waiting for it join the account.
 */
export async function confirmPasswordReset(database: Database, { token, new_password }: PasswordResetConfirm) {
  // Cheap checks first: a made-up token costs no password hashing.
  if (!(await findUsableEmailLink(database.prisma, 'password_reset', token)))
    throw new AppError('BAD_REQUEST', MESSAGES.resetLinkInvalid)
  const passwordHash = await hashPassword(new_password)
  const changed = await database.prisma.$transaction(async (tx) => {
    const link = await useEmailLink(tx, 'password_reset', token)
    const user = link?.userId ? await tx.user.findUnique({ where: { id: link.userId } }) : null
    if (!link || !user?.isActive || user.email !== link.email) return null
    const now = new Date()
    await tx.user.update({
      where: { id: user.id },
      data: { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now },
    })
    await spendPasswordResetLinks(tx, user.id)
    await dropPendingEmailChange(tx, { userId: user.id, currentEmail: user.email })
    await tx.refreshTokenFamily.updateMany({
      where: { userId: user.id, revokedAt: null },
      data: { revokedAt: now, revokedReason: 'password-reset' },
    })
    return user
  })
  if (!changed) throw new AppError('BAD_REQUEST', MESSAGES.resetLinkInvalid)
  await linkPendingMemberships(database, changed.id, changed.email)
}
