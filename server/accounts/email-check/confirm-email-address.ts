import type { Database } from '../../db/database.ts'
import { Prisma } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import { linkPendingMemberships } from '../../teams/link-pending-memberships.ts'
import { MESSAGES } from '../accounts.schemas.ts'
import { useEmailLink } from '../email-links/email-link-tokens.ts'

interface Confirmed {
  userId: string
  email: string
  /** Whether the link changed the sign-in e-mail (rather than proving the current one). */
  changed: boolean
}

/**
 * Follows an e-mailed check link: it proves the account's address, or, for a change asked for with the
 * password, makes the new address the sign-in e-mail. Either way invitations waiting for the proven
 * address join the account. The link works once.
 */
export async function confirmEmailAddress(database: Database, token: string): Promise<Confirmed> {
  let confirmed: Confirmed | null
  try {
    confirmed = await database.prisma.$transaction(async (tx) => {
      const link = await useEmailLink(tx, 'verify_email', token)
      const user = link?.userId ? await tx.user.findUnique({ where: { id: link.userId } }) : null
      if (!link || !user?.isActive) return null
      if (link.email === user.email) {
        await tx.user.update({ where: { id: user.id }, data: { emailVerifiedAt: user.emailVerifiedAt ?? new Date() } })
        return { userId: user.id, email: user.email, changed: false }
      }
      // A change asked for later replaced this one (or was withdrawn): this link no longer speaks for the account.
      if (link.email !== user.pendingEmail) return null
      await tx.user.update({
        where: { id: user.id },
        data: { email: link.email, pendingEmail: null, emailVerifiedAt: new Date() },
      })
      return { userId: user.id, email: link.email, changed: true }
    })
  } catch (error) {
    // Another account took the address between the request and the link: the link stays unused.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')
      throw new AppError('CONFLICT', MESSAGES.emailInUse)
    throw error
  }
  if (!confirmed) throw new AppError('BAD_REQUEST', MESSAGES.emailLinkInvalid)
  await linkPendingMemberships(database, confirmed.userId, confirmed.email)
  return confirmed
}
