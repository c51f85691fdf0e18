// Teams as the API answers them (docs/api/teams.md).
import type { z } from 'zod'
import type { TeamRoleSchema } from '#server/teams/teams.schemas.ts'

export type TeamRole = z.infer<typeof TeamRoleSchema>
/** The caller's place in a team; absent in older answers (demo data), which list only owned teams. */
type MyTeamRole = 'owner' | TeamRole

export interface Team {
  team_id: string
  team_name: string
  team_created_at: string
  team_updated_at: string
  agent_count?: number
  team_member_count?: number
  my_role?: MyTeamRole
}

export type TeamMemberStatus = 'pending' | 'active' | 'deactivated'

export interface TeamMember {
  team_member_id: string
  team_id: string
  team_member_name: string
  team_member_email: string
  team_member_role: TeamRole
  team_member_status?: TeamMemberStatus
  team_member_created_at: string
  team_member_updated_at: string
}

export interface TeamAgent {
  agent_id: string
  agent_name: string
  agent_created_at: string
  agent_updated_at: string
}

export const ROLE_OPTIONS: { label: string; value: TeamRole }[] = [
  { label: 'Member', value: 'member' },
  { label: 'Admin', value: 'admin' },
  { label: 'Viewer', value: 'viewer' },
]

/** Only the owner renames or deletes a team (docs/permissions.md). */
export const isOwnTeam = (team: Team) => (team.my_role ?? 'owner') === 'owner'
/** The owner and the team's admins manage its members and agents. */
export const canManageTeam = (team: Team) => isOwnTeam(team) || team.my_role === 'admin'
