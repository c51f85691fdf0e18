import type { Actor } from '../../accounts/actor.ts'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { requireTeam } from '../require-team.ts'
import { toMemberView } from '../team-views.ts'
import { TEAM_MESSAGES } from '../teams.schemas.ts'
import { inviterNameOf, requirePendingMember } from './pending-member.ts'
import { queueInvitation } from './queue-invitation.ts'

export interface InvitationChangeOptions {
  actor: Actor
  teamId: string
  memberId: string
}

/** A new invitation link for a member who has not joined; the earlier link stops working. */
export interface ResendInvitationServices {
  database: Database
  /** Where the link points (linkBaseOf). */
  linkBase: string
  /** Counts an invitation to `email` (429 past the limit), as adding does. */
  limitRecipient?: (email: string) => Promise<void>
}

export async function resendInvitation(
  { database, linkBase, limitRecipient }: ResendInvitationServices,
  { actor, teamId, memberId }: InvitationChangeOptions,
) {
  const { team } = await requireTeam(database, { actor, teamId, need: 'manage' })
  const member = await requirePendingMember(database, teamId, memberId)
  if (member.status === 'deactivated') throw new AppError('BAD_REQUEST', TEAM_MESSAGES.deactivatedInvitation)
  await limitRecipient?.(member.email)
  const inviterName = await inviterNameOf(database, actor)
  const updated = await database.prisma.$transaction((tx) =>
    queueInvitation(tx, { member, teamName: team.name, inviterName, linkBase }),
  )
  return { team_member: toMemberView(updated) }
}
