// Teams, their members and agents, and invitations (SPEC section 7, Teams; docs/api/teams.md).
import type { z } from 'zod'
import {
  AddMemberSchema,
  CreateTeamSchema,
  InvitationTokenSchema,
  InvitationViewSchema,
  MemberNameSchema,
  MemberRefSchema,
  MemberRoleSchema,
  RenameTeamSchema,
  TeamAgentListSchema,
  TeamAgentSchema,
  TeamIdSchema,
  TeamListSchema,
  TeamMemberListSchema,
} from '#server/teams/teams.schemas.ts'
import { apiRoute } from '../api-route.ts'
import { MessageAnswerSchema } from './plain-schemas.ts'

/** A change of a team: a POST to /accounts/team/<name>/ answered with a message. */
const teamChange = <const Name extends string, Body extends z.ZodType>(name: Name, body: Body) =>
  apiRoute({ method: 'POST', path: `/accounts/team/${name}/`, body, answer: MessageAnswerSchema })

export const teamRoutes = {
  list: apiRoute({ method: 'GET', path: '/accounts/team/', answer: TeamListSchema }),
  members: apiRoute({
    method: 'GET',
    path: '/accounts/team/members/',
    query: TeamIdSchema,
    answer: TeamMemberListSchema,
  }),
  agents: apiRoute({ method: 'GET', path: '/accounts/team/agents/', query: TeamIdSchema, answer: TeamAgentListSchema }),
  create: teamChange('create', CreateTeamSchema),
  rename: teamChange('update-name', RenameTeamSchema),
  delete: teamChange('delete', TeamIdSchema),
  assignAgent: teamChange('assign-agent', TeamAgentSchema),
  removeAgent: teamChange('remove-agent', TeamAgentSchema),
  addMember: teamChange('add-member', AddMemberSchema),
  updateMemberRole: teamChange('update-member-role', MemberRoleSchema),
  updateMemberName: teamChange('update-member-name', MemberNameSchema),
  deactivateMember: teamChange('deactivate-member', MemberRefSchema),
  activateMember: teamChange('activate-member', MemberRefSchema),
  removeMember: teamChange('remove-member', MemberRefSchema),
  deleteMember: teamChange('delete-member', MemberRefSchema),
  resendInvitation: teamChange('resend-invitation', MemberRefSchema),
  revokeInvitation: teamChange('revoke-invitation', MemberRefSchema),
  invitation: apiRoute({
    method: 'GET',
    path: '/accounts/team/invitation/',
    query: InvitationTokenSchema,
    answer: InvitationViewSchema,
    signedIn: false,
  }),
  acceptInvitation: teamChange('accept-invitation', InvitationTokenSchema),
}
