import type { Actor } from '../accounts/actor.ts'
import { agentNeedsOf, requireAgentAccess, type AgentNeed } from '../agents/require-agent-access.ts'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import { requireTeam } from './require-team.ts'
import type { TeamRole } from '../db/generated/prisma/client.ts'
import { needsGrantedBy, ROLES_FOR_NEED } from './team-roles.ts'
import { toMemberView } from './team-views.ts'

const needsOfRole = (role: string, status: string) =>
  status !== 'active'
    ? []
    : (['read', 'chat', 'edit', 'manage'] as AgentNeed[]).filter((need) =>
        ROLES_FOR_NEED[need].some((granted) => granted === role),
      )

export interface MemberPermissionsOptions {
  actor: Actor
  teamId: string
  memberId: string
}

/** member/permissions: what a member of the team may do with each of the team's agents. */
export async function memberPermissions(database: Database, { actor, teamId, memberId }: MemberPermissionsOptions) {
  await requireTeam(database, { actor, teamId, need: 'manage' })
  const member = await database.prisma.teamMember.findFirst({ where: { id: memberId, teamId } })
  if (!member) throw new AppError('NOT_FOUND', 'Team member not found')
  const agents = await database.prisma.teamAgent.findMany({
    where: { teamId },
    include: { agent: { select: { id: true, name: true } } },
  })
  const permissions = needsOfRole(member.role, member.status)
  return {
    team_member: toMemberView(member),
    permissions,
    agents: agents.map((assignment) => ({
      agent_id: assignment.agent.id,
      agent_name: assignment.agent.name,
      permissions,
    })),
  }
}

export interface MemberByEmailOptions {
  actor: Actor
  teamId: string
  email: string
}

/** member/by-email: the team's member with this e-mail. */
export async function memberByEmail(database: Database, { actor, teamId, email }: MemberByEmailOptions) {
  await requireTeam(database, { actor, teamId, need: 'manage' })
  const member = await database.prisma.teamMember.findFirst({ where: { teamId, email } })
  if (!member) throw new AppError('NOT_FOUND', 'Team member not found')
  return { team_member: toMemberView(member) }
}

export interface TeamAgentPermissionsOptions {
  actor: Actor
  teamId: string
  agentId: string
}

/** agent/permissions: what each role of the team may do with one of its agents. */
export async function teamAgentPermissions(
  database: Database,
  { actor, teamId, agentId }: TeamAgentPermissionsOptions,
) {
  await requireTeam(database, { actor, teamId, need: 'read' })
  const assignment = await database.prisma.teamAgent.findUnique({ where: { teamId_agentId: { teamId, agentId } } })
  if (!assignment) throw new AppError('NOT_FOUND', 'This agent is not assigned to the team.')
  return {
    agent_id: agentId,
    team_id: teamId,
    roles: {
      admin: needsOfRole('admin', 'active'),
      member: needsOfRole('member', 'active'),
      viewer: needsOfRole('viewer', 'active'),
    },
  }
}

/** The actor's own permissions on one agent (GET /agents/{id}/permissions/ and check-permission). */
export async function myAgentPermissions(database: Database, actor: Actor, agentId: string) {
  const agent = await requireAgentAccess(database, { actor, agentId, need: 'read' })
  const permissions = await agentNeedsOf(database, actor, agent)
  return {
    agent_id: agentId,
    is_owner: agent.accountId === actor.userId,
    permissions,
    can_read: permissions.includes('read'),
    can_chat: permissions.includes('chat'),
    can_edit: permissions.includes('edit'),
    can_manage: permissions.includes('manage'),
  }
}

/** Every agent the actor reaches and what they may do with each (GET /agents/permissions/user/), in two queries. */
export async function myPermissionsOnAllAgents(database: Database, actor: Actor) {
  const [owned, memberships] = await Promise.all([
    database.prisma.agent.findMany({
      where: { accountId: actor.userId },
      select: { id: true, name: true },
      orderBy: { createdAt: 'desc' },
    }),
    database.prisma.teamMember.findMany({
      where: { userId: actor.userId, status: 'active', accountId: { not: actor.userId } },
      select: { role: true, team: { select: { agents: { select: { agent: { select: { id: true, name: true } } } } } } },
    }),
  ])
  const rolesByAgent = new Map<string, { name: string; roles: TeamRole[] }>()
  for (const membership of memberships) {
    for (const { agent } of membership.team.agents) {
      const entry = rolesByAgent.get(agent.id) ?? { name: agent.name, roles: [] }
      entry.roles.push(membership.role)
      rolesByAgent.set(agent.id, entry)
    }
  }
  return {
    agents: [
      ...owned.map((agent) => ({
        agent_id: agent.id,
        agent_name: agent.name,
        is_owner: true,
        permissions: ['read', 'chat', 'edit', 'manage'] as AgentNeed[],
      })),
      ...[...rolesByAgent].map(([agentId, entry]) => ({
        agent_id: agentId,
        agent_name: entry.name,
        is_owner: false,
        permissions: needsGrantedBy(entry.roles),
      })),
    ],
  }
}
