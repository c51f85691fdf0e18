import type { Database } from '../../db/database.ts'
import type { Prisma } from '../../db/generated/prisma/client.ts'

/**
 * Forgets a change of sign-in e-mail that has not taken effect, and spends its links: what proves the
 * account's owner anew (a password set by reset or change, Google taking the address back, the owner
 * cancelling) must not leave a change someone else asked for waiting to be confirmed.
 */
export async function dropPendingEmailChange(
  writer: Prisma.TransactionClient | Database['prisma'],
  { userId, currentEmail }: { userId: string; currentEmail: string },
) {
  await writer.user.update({ where: { id: userId }, data: { pendingEmail: null } })
  await writer.emailLink.updateMany({
    where: { userId, purpose: 'verify_email', usedAt: null, NOT: { email: currentEmail } },
    data: { usedAt: new Date() },
  })
}
