import type { Database } from '../db/database.ts'

/**
 * Invitations waiting for this e-mail become the new user's: pending memberships turn active, except in
 * teams where the user already has a membership. Called when an account is created with the e-mail
 * (sign-up, first Google sign-in), not when an existing account changes its e-mail: that would let
 * anyone pick up any address's invitations. Deactivated invitations are not linked.
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
