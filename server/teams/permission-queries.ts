import type { Actor } from '../accounts/actor.ts'
import { agentNeedsOf, requireAgentAccess, type AgentNeed } from '../agents/require-agent-access.ts'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import { requireTeam } from './require-team.ts'
import { ROLES_FOR_NEED } from './team-roles.ts'
import { toMemberView } from './team-views.ts'

const needsOfRole = (role: string, status: string) => (status !== 'active' ? [] : (['read', 'chat', 'edit', 'manage'] as AgentNeed[]).filter((need) => ROLES_FOR_NEED[need].some((granted) => granted === role)))

/** member/permissions: what a member of the team may do with each of the team's agents. */
export async function memberPermissions(database: Database, actor: Actor, teamId: string, memberId: string) {
  await requireTeam(database, actor, teamId, 'read')
  const member = await database.prisma.teamMember.findFirst({ where: { id: memberId, teamId } })
  if (!member) throw new AppError('NOT_FOUND', 'Team member not found')
  const agents = await database.prisma.teamAgent.findMany({ where: { teamId }, include: { agent: { select: { id: true, name: true } } } })
  const permissions = needsOfRole(member.role, member.status)
  return { team_member: toMemberView(member), permissions, agents: agents.map((assignment) => ({ agent_id: assignment.agent.id, agent_name: assignment.agent.name, permissions })) }
}

/** member/by-email: the team's member with this e-mail. */
export async function memberByEmail(database: Database, actor: Actor, teamId: string, email: string) {
  await requireTeam(database, actor, teamId, 'read')
  const member = await database.prisma.teamMember.findFirst({ where: { teamId, email } })
  if (!member) throw new AppError('NOT_FOUND', 'Team member not found')
  return { team_member: toMemberView(member) }
}

/** agent/permissions: what each role of the team may do with one of its agents. */
export async function teamAgentPermissions(database: Database, actor: Actor, teamId: string, agentId: string) {
  await requireTeam(database, actor, teamId, 'read')
  const assignment = await database.prisma.teamAgent.findUnique({ where: { teamId_agentId: { teamId, agentId } } })
  if (!assignment) throw new AppError('NOT_FOUND', 'This agent is not assigned to the team.')
  return { agent_id: agentId, team_id: teamId, roles: { admin: needsOfRole('admin', 'active'), member: needsOfRole('member', 'active'), viewer: needsOfRole('viewer', 'active') } }
}

/** The actor's own permissions on one agent (GET /agents/{id}/permissions/ and check-permission). */
export async function myAgentPermissions(database: Database, actor: Actor, agentId: string) {
  const agent = await requireAgentAccess(database, actor, agentId, 'read')
  const permissions = await agentNeedsOf(database, actor, agent)
  return { agent_id: agentId, is_owner: agent.accountId === actor.userId, permissions, can_read: permissions.includes('read'), can_chat: permissions.includes('chat'), can_edit: permissions.includes('edit'), can_manage: permissions.includes('manage') }
}

/** Every agent the actor reaches and what they may do with each (GET /agents/permissions/user/). */
export async function myPermissionsOnAllAgents(database: Database, actor: Actor) {
  const agents = await database.prisma.agent.findMany({
    where: { OR: [{ accountId: actor.userId }, { teamAgents: { some: { team: { members: { some: { userId: actor.userId, status: 'active' } } } } } }] },
    select: { id: true, name: true, accountId: true },
    orderBy: { createdAt: 'desc' },
  })
  const entries = []
  for (const agent of agents) entries.push({ agent_id: agent.id, agent_name: agent.name, is_owner: agent.accountId === actor.userId, permissions: await agentNeedsOf(database, actor, agent) })
  return { agents: entries }
}
