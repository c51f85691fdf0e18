import { requireDashboardSignIn, type Actor } from '../../accounts/actor.ts'
import { useEmailLink } from '../../accounts/email-links/email-link-tokens.ts'
import type { Database } from '../../db/database.ts'
import { Prisma } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import { linkPendingMemberships } from '../link-pending-memberships.ts'
import { TEAM_MESSAGES } from '../teams.schemas.ts'

export interface AcceptInvitationOptions {
  actor: Actor
  token: string
}

/**
 * Joins the signed-in user to the team an invitation link is for. The link works once, for whoever holds
 * it (it was mailed to the invited address): the membership takes the user's own sign-in e-mail. When that
 * is the invited address, following the link also proves it. Nothing changes when it fails.
 */
export async function acceptInvitation(database: Database, { actor, token }: AcceptInvitationOptions) {
  requireDashboardSignIn(actor)
  const joined = await database.prisma
    .$transaction(async (tx) => {
      const link = await useEmailLink(tx, 'team_invitation', token)
      const member = link?.teamMemberId
        ? await tx.teamMember.findUnique({ where: { id: link.teamMemberId }, include: { team: true } })
        : null
      if (!link || !member || member.userId || member.status !== 'pending')
        throw new AppError('BAD_REQUEST', TEAM_MESSAGES.invitationInvalid)
      if (member.accountId === actor.userId) throw new AppError('BAD_REQUEST', TEAM_MESSAGES.ownerAlreadyIn)
      const user = await tx.user.findUniqueOrThrow({ where: { id: actor.userId } })
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
      return { team: member.team, user, provesAddress }
    })
    .catch((error: unknown) => {
      // The user's address is on another row of the team (an old membership under it): one person, one row.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')
        throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyMember)
      throw error
    })
  if (joined.provesAddress) await linkPendingMemberships(database, joined.user.id, joined.user.email)
  return { team: { team_id: joined.team.id, team_name: joined.team.name } }
}
