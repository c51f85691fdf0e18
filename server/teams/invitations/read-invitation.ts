import { findUsableEmailLink } from '../../accounts/email-links/email-link-tokens.ts'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { TEAM_MESSAGES, type InvitationView } from '../teams.schemas.ts'

/** The invitation behind a link's secret while it can still be accepted: its team, the team's owner, and the address invited. */
export async function readInvitation(database: Database, token: string): Promise<InvitationView> {
  const link = await findUsableEmailLink(database.prisma, 'team_invitation', token)
  const member = link?.teamMemberId
    ? await database.prisma.teamMember.findUnique({
        where: { id: link.teamMemberId },
        include: { team: { select: { name: true } }, account: { select: { fullName: true } } },
      })
    : null
  if (!link || !member || member.userId || member.status !== 'pending')
    throw new AppError('BAD_REQUEST', TEAM_MESSAGES.invitationInvalid)
  const account = await database.prisma.user.findUnique({ where: { email: member.email }, select: { id: true } })
  return {
    team_name: member.team.name,
    team_owner: member.account.fullName,
    email: member.email,
    has_account: account !== null,
  }
}
