import { useEmailLink } from '../../accounts/email-links/email-link-tokens.ts'
import type { Prisma, User } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import { TEAM_MESSAGES } from '../teams.schemas.ts'

export interface JoinInvitedTeamOptions {
  user: Pick<User, 'id' | 'email' | 'emailVerifiedAt'>
  /** The invitation link's secret. */
  token: string
}

/**
 * Spends an invitation link and joins the user to its team, in the caller's transaction (accepting it
 * signed in, or signing up with it). The link works once, for whoever holds it (it was mailed to the
 * invited address): the membership takes the user's own sign-in e-mail. Only when that is the invited
 * address does following the link also prove it (provesAddress: the account is confirmed). Throws, for
 * the caller's transaction to undo everything, when the link or the membership cannot be used.
 */
export async function joinInvitedTeam(tx: Prisma.TransactionClient, { user, token }: JoinInvitedTeamOptions) {
  const link = await useEmailLink(tx, 'team_invitation', token)
  const member = link?.teamMemberId
    ? await tx.teamMember.findUnique({
        where: { id: link.teamMemberId },
        include: { team: true, account: { select: { fullName: true } } },
      })
    : null
  if (!link || !member || member.userId || member.status !== 'pending')
    throw new AppError('BAD_REQUEST', TEAM_MESSAGES.invitationInvalid)
  if (member.accountId === user.id) throw new AppError('BAD_REQUEST', TEAM_MESSAGES.ownerAlreadyIn)
  const mine = await tx.teamMember.findMany({
    where: { teamId: member.teamId, id: { not: member.id }, OR: [{ userId: user.id }, { email: user.email }] },
  })
  if (mine.some((other) => other.userId === user.id)) throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyMember)
  // Another invitation still waiting for the user's own address: this one stands for both.
  await tx.teamMember.deleteMany({ where: { id: { in: mine.map((other) => other.id) }, userId: null } })
  await tx.teamMember.update({
    where: { id: member.id },
    data: { userId: user.id, email: user.email, status: 'active' },
  })
  const provesAddress = user.email === link.email && user.emailVerifiedAt === null
  if (provesAddress) await tx.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } })
  return { team: member.team, ownerName: member.account.fullName, provesAddress }
}
