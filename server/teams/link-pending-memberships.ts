import type { Database } from '../db/database.ts'

/**
 * Invitations waiting for this e-mail become the user's: pending memberships turn active, except in
 * teams where the user already has a membership. Called only once the account proved it owns the
 * address (the link mailed to it, for a sign-up or a change of e-mail; a password reset link; an
 * invitation accepted with it; Google's verified claim), never when someone merely types it: that would
 * let anyone pick up any address's invitations. Deactivated invitations are not linked.
 */
export async function linkPendingMemberships(database: Database, userId: string, email: string) {
  await database.prisma.teamMember.updateMany({
    where: {
      email,
      userId: null,
      status: 'pending',
      accountId: { not: userId },
      team: { members: { none: { userId } } },
    },
    data: { userId, status: 'active' },
  })
}
