// Changes to teams (SPEC section 7, Teams): each shows the server's message on success and the SPEC's
// failure title otherwise (section 8), then refreshes the team lists; agent assignments refresh the
// agents too, since an agent shows the teams it belongs to.
import type { QueryKey } from '@tanstack/react-query'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { AGENTS_KEY } from '../agents/agents.queries.ts'
import { TEAMS_KEY } from './teams.queries.ts'
import type { TeamMember, TeamRole } from './teams.types.ts'

type Answer = { message?: string }

function useTeamCall<Input>(path: string, errorTitle: string, invalidates: QueryKey[] = [TEAMS_KEY]) {
  return useApiMutation<Input, Answer>({
    run: (client, input) => client.request<Answer>(`/accounts/team/${path}/`, { method: 'POST', body: input }),
    errorTitle,
    invalidates,
  })
}

export const useCreateTeam = () => useTeamCall<{ team_name: string }>('create', 'Failed to create team')
export const useRenameTeam = () =>
  useTeamCall<{ team_id: string; team_name: string }>('update-name', 'Failed to update team')
export const useDeleteTeam = () =>
  useTeamCall<{ team_id: string }>('delete', 'Failed to delete team', [TEAMS_KEY, AGENTS_KEY])

export const useAssignAgent = () =>
  useTeamCall<{ team_id: string; agent_id: string }>('assign-agent', 'Failed to assign agent to team', [
    TEAMS_KEY,
    AGENTS_KEY,
  ])
export const useRemoveAgent = () =>
  useTeamCall<{ team_id: string; agent_id: string }>('remove-agent', 'Failed to remove agent from team', [
    TEAMS_KEY,
    AGENTS_KEY,
  ])

export interface NewMember {
  team_id: string
  team_member_name: string
  team_member_email: string
  team_member_role: TeamRole
}
export const useAddMember = () => useTeamCall<NewMember>('add-member', 'Failed to add team member')

type MemberRef = Pick<TeamMember, 'team_id' | 'team_member_id'>
export const useUpdateMemberRole = () =>
  useTeamCall<MemberRef & { team_member_role: TeamRole }>('update-member-role', 'Failed to update team member role')
export const useUpdateMemberName = () =>
  useTeamCall<MemberRef & { team_member_name: string }>('update-member-name', 'Failed to update team member name')

/** The actions of a member's menu, each with its call and failure title. */
const MEMBER_ACTIONS = {
  activate: { path: 'activate-member', errorTitle: 'Failed to activate team member' },
  deactivate: { path: 'deactivate-member', errorTitle: 'Failed to deactivate team member' },
  remove: { path: 'remove-member', errorTitle: 'Failed to remove team member' },
  delete: { path: 'delete-member', errorTitle: 'Failed to delete team member' },
  resend: { path: 'resend-invitation', errorTitle: 'Failed to send the invitation again' },
  revoke: { path: 'revoke-invitation', errorTitle: 'Failed to revoke the invitation' },
} as const
export type MemberAction = keyof typeof MEMBER_ACTIONS

export function useMemberAction(action: MemberAction) {
  // A member's access to agents changes with their membership: agents' member counts too.
  return useTeamCall<MemberRef>(MEMBER_ACTIONS[action].path, MEMBER_ACTIONS[action].errorTitle, [TEAMS_KEY, AGENTS_KEY])
}
