import type { Database } from '../db/database.ts'

/**
 * Memberships waiting for this e-mail become the user's: pending ones turn active; deactivated ones
 * stay deactivated. Called when a user with the e-mail appears (sign-up, Google, e-mail change).
 */
export async function linkPendingMemberships(database: Database, userId: string, email: string) {
  await database.prisma.teamMember.updateMany({ where: { email, userId: null, status: 'pending', accountId: { not: userId } }, data: { userId, status: 'active' } })
  await database.prisma.teamMember.updateMany({ where: { email, userId: null, status: 'deactivated', accountId: { not: userId } }, data: { userId } })
}
