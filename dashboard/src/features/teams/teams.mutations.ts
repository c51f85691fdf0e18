// Changes to teams (SPEC section 7, Teams): each shows the server's message on success and the SPEC's
// failure title otherwise (section 8), then refreshes the team lists; agent assignments refresh the
// agents too, since an agent shows the teams it belongs to.
import type { QueryKey } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client.ts'
import { teamRoutes } from '../../api/routes/team-routes.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { AGENTS_KEY } from '../agents/agents.queries.ts'
import { TEAMS_KEY } from './teams.queries.ts'
import type { TeamMember, TeamRole } from './teams.types.ts'

/** The routes of teamRoutes that change a team: each a POST answered with a message. */
type TeamChange = Exclude<keyof typeof teamRoutes, 'list' | 'members' | 'agents' | 'invitation'>

function useTeamCall<Input>(
  run: (client: ApiClient, input: Input) => Promise<{ message: string }>,
  errorTitle: string,
  invalidates: QueryKey[] = [TEAMS_KEY],
) {
  return useApiMutation<Input, { message: string }>({ run, errorTitle, invalidates })
}

export const useCreateTeam = () =>
  useTeamCall(
    (client, input: { team_name: string }) => client.call(teamRoutes.create, { body: input }),
    'Failed to create team',
  )
export const useRenameTeam = () =>
  useTeamCall(
    (client, input: { team_id: string; team_name: string }) => client.call(teamRoutes.rename, { body: input }),
    'Failed to update team',
  )
export const useDeleteTeam = () =>
  useTeamCall(
    (client, input: { team_id: string }) => client.call(teamRoutes.delete, { body: input }),
    'Failed to delete team',
    [TEAMS_KEY, AGENTS_KEY],
  )

export const useAssignAgent = () =>
  useTeamCall(
    (client, input: { team_id: string; agent_id: string }) => client.call(teamRoutes.assignAgent, { body: input }),
    'Failed to assign agent to team',
    [TEAMS_KEY, AGENTS_KEY],
  )
export const useRemoveAgent = () =>
  useTeamCall(
    (client, input: { team_id: string; agent_id: string }) => client.call(teamRoutes.removeAgent, { body: input }),
    'Failed to remove agent from team',
    [TEAMS_KEY, AGENTS_KEY],
  )

export interface NewMember {
  team_id: string
  team_member_name: string
  team_member_email: string
  team_member_role: TeamRole
}
export const useAddMember = () =>
  useTeamCall(
    (client, input: NewMember) => client.call(teamRoutes.addMember, { body: input }),
    'Failed to add team member',
  )

type MemberRef = Pick<TeamMember, 'team_id' | 'team_member_id'>
export const useUpdateMemberRole = () =>
  useTeamCall(
    (client, input: MemberRef & { team_member_role: TeamRole }) =>
      client.call(teamRoutes.updateMemberRole, { body: input }),
    'Failed to update team member role',
  )
export const useUpdateMemberName = () =>
  useTeamCall(
    (client, input: MemberRef & { team_member_name: string }) =>
      client.call(teamRoutes.updateMemberName, { body: input }),
    'Failed to update team member name',
  )

/** The actions of a member's menu, each with its call and failure title. */
const MEMBER_ACTIONS = {
  activate: { route: 'activateMember', errorTitle: 'Failed to activate team member' },
  deactivate: { route: 'deactivateMember', errorTitle: 'Failed to deactivate team member' },
  remove: { route: 'removeMember', errorTitle: 'Failed to remove team member' },
  delete: { route: 'deleteMember', errorTitle: 'Failed to delete team member' },
  resend: { route: 'resendInvitation', errorTitle: 'Failed to send the invitation again' },
  revoke: { route: 'revokeInvitation', errorTitle: 'Failed to revoke the invitation' },
} as const satisfies Record<string, { route: TeamChange; errorTitle: string }>
export type MemberAction = keyof typeof MEMBER_ACTIONS

export function useMemberAction(action: MemberAction) {
  // A member's access to agents changes with their membership: agents' member counts too.
  const { route, errorTitle } = MEMBER_ACTIONS[action]
  return useTeamCall((client, input: MemberRef) => client.call(teamRoutes[route], { body: input }), errorTitle, [
    TEAMS_KEY,
    AGENTS_KEY,
  ])
}
