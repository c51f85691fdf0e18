import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { requireTeam } from '../require-team.ts'
import { TEAM_MESSAGES } from '../teams.schemas.ts'
import { requirePendingMember } from './pending-member.ts'
import type { InvitationChangeOptions } from './resend-invitation.ts'

/**
 * Withdraws an invitation: the pending member goes, and with it every link sent to them (they no longer
 * count against the plan, and the address joins nothing when it signs up).
 */
export async function revokeInvitation(database: Database, { actor, teamId, memberId }: InvitationChangeOptions) {
  await requireTeam(database, { actor, teamId, need: 'manage' })
  const member = await requirePendingMember(database, teamId, memberId)
  const revoked = await database.prisma.$transaction(async (tx) => {
    // Its links first, as an acceptance takes them first: the two queue on the same rows, never cross.
    await tx.emailLink.updateMany({ where: { teamMemberId: member.id, usedAt: null }, data: { usedAt: new Date() } })
    // Only while still not joined: an acceptance at the same moment wins or loses whole.
    return (await tx.teamMember.deleteMany({ where: { id: member.id, userId: null } })).count
  })
  if (revoked === 0) throw new AppError('BAD_REQUEST', TEAM_MESSAGES.alreadyJoined)
}
