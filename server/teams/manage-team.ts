import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import { requireTeam } from './require-team.ts'
import { TEAM_VIEW_INCLUDE as counts, toTeamView } from './team-views.ts'

export async function getTeam(database: Database, actor: Actor, teamId: string) {
  const { role } = await requireTeam(database, { actor, teamId, need: 'read' })
  return {
    team: toTeamView(await database.prisma.team.findUniqueOrThrow({ where: { id: teamId }, include: counts }), role),
  }
}

export async function createTeam(database: Database, actor: Actor, name: string) {
  const team = await database.prisma.team.create({ data: { accountId: actor.userId, name }, include: counts })
  return { team: toTeamView(team, 'owner') }
}

export interface RenameTeamOptions {
  actor: Actor
  teamId: string
  name: string
}

export async function renameTeam(database: Database, { actor, teamId, name }: RenameTeamOptions) {
  const { role } = await requireTeam(database, { actor, teamId, need: 'own' })
  const team = await database.prisma.team.update({ where: { id: teamId }, data: { name }, include: counts })
  return { team: toTeamView(team, role) }
}

/** Deleting a team ends its memberships and assignments; its agents stay with their owner. */
export async function deleteTeam(database: Database, actor: Actor, teamId: string) {
  await requireTeam(database, { actor, teamId, need: 'own' })
  await database.prisma.team.delete({ where: { id: teamId } })
}
