import { issueEmailLink } from '../../accounts/email-links/email-link-tokens.ts'
import type { Prisma, TeamMember } from '../../db/generated/prisma/client.ts'
import { emailLinkUrl } from '../../mail/email-link-url.ts'
import { teamInvitationEmail } from '../../mail/email-templates.ts'
import { INVITATION_DAYS } from '../teams.schemas.ts'
import { queueEmail } from '../../mail/send-email-job.ts'

export interface QueueInvitationOptions {
  member: Pick<TeamMember, 'id' | 'email' | 'accountId'>
  teamName: string
  inviterName: string
  /** Where the link points (linkBaseOf). */
  linkBase: string
}

/**
 * Mails a pending member the link that joins them to the team, in the caller's transaction. A new link
 * replaces the earlier ones (only the newest works); the member's invitedAt says when it went out.
 */
export async function queueInvitation(
  tx: Prisma.TransactionClient,
  { member, teamName, inviterName, linkBase }: QueueInvitationOptions,
) {
  const now = new Date()
  await tx.emailLink.updateMany({ where: { teamMemberId: member.id, usedAt: null }, data: { usedAt: now } })
  const { id, token, expiresAt } = await issueEmailLink(tx, {
    purpose: 'team_invitation',
    teamMemberId: member.id,
    email: member.email,
    validForMs: INVITATION_DAYS * 86_400_000,
  })
  const updated = await tx.teamMember.update({ where: { id: member.id }, data: { invitedAt: now } })
  await queueEmail(tx, {
    to: member.email,
    content: teamInvitationEmail({ inviterName, teamName, link: emailLinkUrl(linkBase, '/auth/invitation', token) }),
    eventKey: `team-invitation:${id}`,
    accountId: member.accountId,
    notAfter: expiresAt,
    emailLinkId: id,
  })
  return updated
}
