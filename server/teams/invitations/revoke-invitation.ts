import type { Database } from '../../db/database.ts'
import { requireTeam } from '../require-team.ts'
import { requirePendingMember } from './pending-member.ts'
import type { InvitationChangeOptions } from './resend-invitation.ts'

/**
 * Withdraws an invitation: the pending member goes, and with it every link sent to them (they no longer
 * count against the plan, and the address joins nothing when it signs up).
 */
export async function revokeInvitation(database: Database, { actor, teamId, memberId }: InvitationChangeOptions) {
  await requireTeam(database, { actor, teamId, need: 'manage' })
  const member = await requirePendingMember(database, teamId, memberId)
  // Only while still not joined: an acceptance at the same moment wins or loses whole.
  await database.prisma.teamMember.deleteMany({ where: { id: member.id, userId: null } })
}
