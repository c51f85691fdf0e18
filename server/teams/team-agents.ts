import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import { requireAgentAccess } from '../agents/require-agent-access.ts'
import { AppError } from '../errors/app-error.ts'
import { requireTeam } from './require-team.ts'
import { toTeamAgentView } from './team-views.ts'

export async function listTeamAgents(database: Database, actor: Actor, teamId: string) {
  await requireTeam(database, { actor, teamId, need: 'read' })
  const assignments = await database.prisma.teamAgent.findMany({
    where: { teamId },
    include: { agent: true },
    orderBy: { createdAt: 'asc' },
  })
  return { agents: assignments.map((assignment) => toTeamAgentView(assignment.agent)) }
}

export interface AssignAgentOptions {
  actor: Actor
  teamId: string
  agentId: string
}

/**
 * Gives the team access to one of the team owner's agents. Sharing needs the right to edit the agent
 * already (its owner, or an admin who edits it through another team): no one gains access to an agent
 * by assigning it to a team they manage.
 */
export async function assignAgent(database: Database, { actor, teamId, agentId }: AssignAgentOptions) {
  const { team } = await requireTeam(database, { actor, teamId, need: 'manage' })
  const agent = await requireAgentAccess(database, { actor, agentId, need: 'edit' })
  if (agent.accountId !== team.accountId) throw new AppError('NOT_FOUND', 'Agent not found')
  await database.prisma.teamAgent.upsert({
    where: { teamId_agentId: { teamId, agentId } },
    create: { teamId, agentId, accountId: team.accountId },
    update: {},
  })
  return { agent: toTeamAgentView(agent) }
}

export interface UnassignAgentOptions {
  actor: Actor
  teamId: string
  agentId: string
}

export async function unassignAgent(database: Database, { actor, teamId, agentId }: UnassignAgentOptions) {
  await requireTeam(database, { actor, teamId, need: 'manage' })
  await requireAgentAccess(database, { actor, agentId, need: 'edit' })
  const { count } = await database.prisma.teamAgent.deleteMany({ where: { teamId, agentId } })
  if (count === 0) throw new AppError('NOT_FOUND', 'This agent is not assigned to the team.')
}
