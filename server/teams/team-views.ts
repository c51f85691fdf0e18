import type { Agent, Team, TeamMember } from '../db/generated/prisma/client.ts'
import type { TeamAgentView, TeamMemberView, TeamView } from './teams.schemas.ts'

/** What toTeamView reads of a team: its counts and its owner's name. */
export const TEAM_VIEW_INCLUDE = {
  _count: { select: { agents: true, members: true } },
  account: { select: { fullName: true } },
} as const

export function toTeamView(
  team: Team & { _count: { agents: number; members: number }; account: { fullName: string } },
  myRole: 'owner' | TeamMember['role'],
): TeamView {
  return {
    team_id: team.id,
    team_name: team.name,
    team_created_at: team.createdAt.toISOString(),
    team_updated_at: team.updatedAt.toISOString(),
    agent_count: team._count.agents,
    team_member_count: team._count.members,
    my_role: myRole,
    team_owner_name: team.account.fullName,
  }
}

export function toMemberView(member: TeamMember): TeamMemberView {
  return {
    team_member_id: member.id,
    team_id: member.teamId,
    team_member_name: member.name,
    team_member_email: member.email,
    team_member_role: member.role,
    team_member_status: member.status,
    team_member_invited_at: member.invitedAt?.toISOString() ?? null,
    team_member_created_at: member.createdAt.toISOString(),
    team_member_updated_at: member.updatedAt.toISOString(),
  }
}

export function toTeamAgentView(agent: Agent): TeamAgentView {
  return {
    agent_id: agent.id,
    agent_name: agent.name,
    agent_created_at: agent.createdAt.toISOString(),
    agent_updated_at: agent.updatedAt.toISOString(),
  }
}
