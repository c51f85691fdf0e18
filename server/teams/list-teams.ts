import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import { TEAM_VIEW_INCLUDE as include, toTeamView } from './team-views.ts'

/** Teams the actor owns, then teams they are an active member of (with their role). */
export async function listTeams(database: Database, actor: Actor) {
  const [owned, memberships] = await Promise.all([
    database.prisma.team.findMany({ where: { accountId: actor.userId }, include, orderBy: { createdAt: 'desc' } }),
    database.prisma.teamMember.findMany({
      where: { userId: actor.userId, status: 'active', team: { accountId: { not: actor.userId } } },
      include: { team: { include } },
      orderBy: { createdAt: 'desc' },
    }),
  ])
  return {
    teams: [
      ...owned.map((team) => toTeamView(team, 'owner')),
      ...memberships.map((membership) => toTeamView(membership.team, membership.role)),
    ],
  }
}
