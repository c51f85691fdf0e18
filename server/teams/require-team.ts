import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import type { Team } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'

/** read: the owner and active members; manage: the owner and active admins; own: the owner alone. */
type TeamNeed = 'read' | 'manage' | 'own'

const TEAM_NOT_FOUND = 'Team not found'

export interface RequireTeamOptions {
  actor: Actor
  teamId: string
  need: TeamNeed
}

/** The team if the actor may use it as asked: 404 when they cannot see it at all, 403 when they see it but may not. */
export async function requireTeam(
  database: Database,
  { actor, teamId, need }: RequireTeamOptions,
): Promise<{ team: Team; role: 'owner' | 'admin' | 'member' | 'viewer' }> {
  const team = await database.prisma.team.findUnique({ where: { id: teamId } })
  if (!team) throw new AppError('NOT_FOUND', TEAM_NOT_FOUND)
  if (team.accountId === actor.userId) return { team, role: 'owner' }
  const membership = await database.prisma.teamMember.findFirst({
    where: { teamId, userId: actor.userId, status: 'active' },
  })
  if (!membership) throw new AppError('NOT_FOUND', TEAM_NOT_FOUND)
  const isAllowed = need === 'read' || (need === 'manage' && membership.role === 'admin')
  if (!isAllowed)
    throw new AppError(
      'FORBIDDEN',
      need === 'own' ? 'Only the team owner can do this.' : 'Only the team owner and its admins can manage this team.',
    )
  return { team, role: membership.role }
}
