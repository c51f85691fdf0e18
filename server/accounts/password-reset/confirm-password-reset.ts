import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { MESSAGES, type PasswordResetConfirm } from '../accounts.schemas.ts'
import { findUsableEmailLink, spendPasswordResetLinks, useEmailLink } from '../email-links/email-link-tokens.ts'
import { hashPassword } from '../password-hashing.ts'

/**
 * Sets the password a reset link was sent for. The link works once and ends every session of the account
 * (whoever had the old password is signed out); following it also proves the address.
 */
export async function confirmPasswordReset(database: Database, { token, new_password }: PasswordResetConfirm) {
  // Cheap checks first: a made-up token costs no password hashing.
  if (!(await findUsableEmailLink(database.prisma, 'password_reset', token)))
    throw new AppError('BAD_REQUEST', MESSAGES.resetLinkInvalid)
  const passwordHash = await hashPassword(new_password)
  const changed = await database.prisma.$transaction(async (tx) => {
    const link = await useEmailLink(tx, 'password_reset', token)
    const user = link?.userId ? await tx.user.findUnique({ where: { id: link.userId } }) : null
    if (!link || !user?.isActive || user.email !== link.email) return false
    const now = new Date()
    await tx.user.update({
      where: { id: user.id },
      data: { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now },
    })
    await spendPasswordResetLinks(tx, user.id)
    await tx.refreshTokenFamily.updateMany({
      where: { userId: user.id, revokedAt: null },
      data: { revokedAt: now, revokedReason: 'password-reset' },
    })
    return true
  })
  if (!changed) throw new AppError('BAD_REQUEST', MESSAGES.resetLinkInvalid)
}
