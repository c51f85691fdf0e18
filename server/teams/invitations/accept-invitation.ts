import { requireDashboardSignIn, type Actor } from '../../accounts/actor.ts'
import type { Database } from '../../db/database.ts'
import { Prisma } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import { linkPendingMemberships } from '../link-pending-memberships.ts'
import { TEAM_MESSAGES } from '../teams.schemas.ts'
import { joinInvitedTeam } from './join-invited-team.ts'

export interface AcceptInvitationOptions {
  actor: Actor
  token: string
}

/** A membership's unique address taken twice (an old membership under it): one person, one row. */
function isDuplicateMembership(error: unknown) {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
}

/**
 * Joins the signed-in user to the team an invitation link is for (joinInvitedTeam). When the user's
 * address is the invited one, following the link also proves it. Nothing changes when it fails.
 */
export async function acceptInvitation(database: Database, { actor, token }: AcceptInvitationOptions) {
  requireDashboardSignIn(actor)
  const joined = await database.prisma
    .$transaction(async (tx) => {
      const user = await tx.user.findUniqueOrThrow({ where: { id: actor.userId } })
      return { user, ...(await joinInvitedTeam(tx, { user, token })) }
    })
    .catch((error: unknown) => {
      if (isDuplicateMembership(error)) throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyMember)
      throw error
    })
  if (joined.provesAddress) await linkPendingMemberships(database, joined.user.id, joined.user.email)
  return { team: { team_id: joined.team.id, team_name: joined.team.name } }
}
