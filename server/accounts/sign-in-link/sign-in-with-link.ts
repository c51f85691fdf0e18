import type { Database } from '../../db/database.ts'
import type { User } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import { linkPendingMemberships } from '../../teams/link-pending-memberships.ts'
import { MESSAGES } from '../accounts.schemas.ts'
import { spendEmailLinks, useEmailLink } from '../email-links/email-link-tokens.ts'

/**
 * The user a mailed sign-in link was sent to (decision 037). The link works once, within its 15 minutes,
 * and only while the account still signs in with the address it went to; following it proves that
 * address, so invitations waiting for it join the account, and spends the account's other sign-in links.
 * An account whose address was never proved may have been made by someone else before its owner came
 * (sign-up checks no mailbox): the first link followed takes it back, as a password reset would, ending
 * every session and the password whoever made it chose.
 */
export async function signInWithLink(database: Database, token: string): Promise<User> {
  const user = await database.prisma.$transaction(async (tx) => {
    const link = await useEmailLink(tx, 'sign_in', token)
    const owner = link?.userId ? await tx.user.findUnique({ where: { id: link.userId } }) : null
    if (!link || !owner?.isActive || owner.email !== link.email) return null
    await spendEmailLinks(tx, { userId: owner.id, purpose: 'sign_in' })
    if (owner.emailVerifiedAt) return owner
    const now = new Date()
    await tx.refreshTokenFamily.updateMany({
      where: { userId: owner.id, revokedAt: null },
      data: { revokedAt: now, revokedReason: 'account-takeover-guard' },
    })
    return tx.user.update({ where: { id: owner.id }, data: { emailVerifiedAt: now, passwordHash: null } })
  })
  if (!user) throw new AppError('BAD_REQUEST', MESSAGES.signInLinkInvalid)
  await linkPendingMemberships(database, user.id, user.email)
  return user
}
