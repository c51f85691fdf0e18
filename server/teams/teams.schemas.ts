// The teams contract with the SPEC's messages (section 5). Imports only zod and shared/'s zod-only rules.
import { z } from 'zod'
import { idField } from '../../shared/ids.schemas.ts'
import { singleLineText } from '../../shared/text-rules.schemas.ts'

export const TEAM_MESSAGES = {
  nameRequired: 'Please enter a team name',
  nameTooShort: 'Team name must be at least 2 characters long',
  nameTooLong: 'Team name must be less than 255 characters',
  teamRequired: 'Please select a team first',
  memberNameRequired: 'Please enter member name',
  memberRenameRequired: 'Please enter a member name',
  memberEmailRequired: 'Please enter member email',
  memberEmailInvalid: 'Please provide a valid email address',
  agentRequired: 'Please select an agent',
  memberRequired: 'Please select a team member',
  roleInvalid: 'Role must be member, admin or viewer',
  memberNameTooLong: 'Member name must be at most 150 characters',
} as const

export const TeamNameSchema = singleLineText({
  label: 'Team name',
  max: 255,
  required: TEAM_MESSAGES.nameRequired,
  tooLong: TEAM_MESSAGES.nameTooLong,
}).min(2, { error: TEAM_MESSAGES.nameTooShort })
const memberName = (required: string) =>
  singleLineText({ label: 'Member name', max: 150, required, tooLong: TEAM_MESSAGES.memberNameTooLong })
export const TeamRoleSchema = z.enum(['member', 'admin', 'viewer'], { error: TEAM_MESSAGES.roleInvalid })

export const TeamIdSchema = z.object(
  { team_id: idField(TEAM_MESSAGES.teamRequired) },
  { error: TEAM_MESSAGES.teamRequired },
)
export const CreateTeamSchema = z.object({ team_name: TeamNameSchema }, { error: TEAM_MESSAGES.nameRequired })
export const RenameTeamSchema = z.object(
  { team_id: idField(TEAM_MESSAGES.teamRequired), team_name: TeamNameSchema },
  { error: TEAM_MESSAGES.teamRequired },
)

export const AddMemberSchema = z.object(
  {
    team_id: idField(TEAM_MESSAGES.teamRequired),
    team_member_name: memberName(TEAM_MESSAGES.memberNameRequired),
    team_member_email: z
      .string({ error: TEAM_MESSAGES.memberEmailRequired })
      .trim()
      .min(1, { error: TEAM_MESSAGES.memberEmailRequired })
      .max(254, { error: TEAM_MESSAGES.memberEmailInvalid })
      .toLowerCase()
      .pipe(z.email({ error: TEAM_MESSAGES.memberEmailInvalid })),
    team_member_role: TeamRoleSchema.default('member'),
  },
  { error: TEAM_MESSAGES.teamRequired },
)
export type AddMember = z.infer<typeof AddMemberSchema>

export const MemberRefSchema = z.object(
  { team_id: idField(TEAM_MESSAGES.teamRequired), team_member_id: idField(TEAM_MESSAGES.memberRequired) },
  { error: TEAM_MESSAGES.teamRequired },
)
export const MemberRoleSchema = MemberRefSchema.extend({ team_member_role: TeamRoleSchema })
export const MemberNameSchema = MemberRefSchema.extend({
  team_member_name: memberName(TEAM_MESSAGES.memberRenameRequired),
})
export const TeamAgentSchema = z.object(
  { team_id: idField(TEAM_MESSAGES.teamRequired), agent_id: idField(TEAM_MESSAGES.agentRequired) },
  { error: TEAM_MESSAGES.teamRequired },
)
export const MemberPermissionsQuerySchema = z.object({
  team_id: idField(TEAM_MESSAGES.teamRequired),
  member_id: idField(TEAM_MESSAGES.memberRequired),
})
export const MemberByEmailQuerySchema = z.object({
  team_id: idField(TEAM_MESSAGES.teamRequired),
  email: z
    .string({ error: TEAM_MESSAGES.memberEmailRequired })
    .trim()
    .min(1, { error: TEAM_MESSAGES.memberEmailRequired })
    .toLowerCase()
    .pipe(z.email({ error: TEAM_MESSAGES.memberEmailInvalid })),
})
export const CheckPermissionSchema = z.object({
  agent_id: idField(TEAM_MESSAGES.agentRequired),
  permission: z
    .enum(['read', 'chat', 'edit', 'manage'], { error: 'permission must be read, chat, edit or manage' })
    .default('read'),
  team_id: idField(TEAM_MESSAGES.teamRequired).optional(),
  member_id: idField(TEAM_MESSAGES.memberRequired).optional(),
})
