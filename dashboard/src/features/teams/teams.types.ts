// Teams as the API answers them: the server's own contract (server/teams/teams.schemas.ts, docs/api/teams.md).
import type { TeamAgentView, TeamMemberView, TeamRole, TeamView } from '#server/teams/teams.schemas.ts'

export type { TeamRole }
export type Team = TeamView
export type TeamMember = TeamMemberView
export type TeamMemberStatus = TeamMemberView['team_member_status']
export type TeamAgent = TeamAgentView

export const ROLE_OPTIONS: { label: string; value: TeamRole }[] = [
  { label: 'Member', value: 'member' },
  { label: 'Admin', value: 'admin' },
  { label: 'Viewer', value: 'viewer' },
]

/** Only the owner renames or deletes a team (docs/permissions.md). */
export const isOwnTeam = (team: Team) => team.my_role === 'owner'
/** The owner and the team's admins manage its members and agents. */
export const canManageTeam = (team: Team) => isOwnTeam(team) || team.my_role === 'admin'
