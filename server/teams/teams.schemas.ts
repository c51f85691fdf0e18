// The teams contract with the SPEC's messages (section 5). Imports only zod and shared/'s zod-only rules.
import { z } from 'zod'
import { idSchema } from '../../shared/ids.schemas.ts'
import { isSingleLine } from '../../shared/text-rules.schemas.ts'

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

export const TeamNameSchema = z
  .string({ error: TEAM_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: TEAM_MESSAGES.nameRequired })
  .min(2, { error: TEAM_MESSAGES.nameTooShort })
  .max(255, { error: TEAM_MESSAGES.nameTooLong })
  .refine(isSingleLine, { error: TEAM_MESSAGES.nameRequired })
export const TeamRoleSchema = z.enum(['member', 'admin', 'viewer'], { error: TEAM_MESSAGES.roleInvalid })

export const TeamIdSchema = z.object({ team_id: idSchema(TEAM_MESSAGES.teamRequired) }, { error: TEAM_MESSAGES.teamRequired })
export const CreateTeamSchema = z.object({ team_name: TeamNameSchema }, { error: TEAM_MESSAGES.nameRequired })
export const RenameTeamSchema = z.object({ team_id: idSchema(TEAM_MESSAGES.teamRequired), team_name: TeamNameSchema }, { error: TEAM_MESSAGES.teamRequired })

export const AddMemberSchema = z.object(
  {
    team_id: idSchema(TEAM_MESSAGES.teamRequired),
    team_member_name: z.string({ error: TEAM_MESSAGES.memberNameRequired }).trim().min(1, { error: TEAM_MESSAGES.memberNameRequired }).max(150, { error: TEAM_MESSAGES.memberNameTooLong }).refine(isSingleLine, { error: TEAM_MESSAGES.memberNameRequired }),
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

export const MemberRefSchema = z.object({ team_id: idSchema(TEAM_MESSAGES.teamRequired), team_member_id: idSchema(TEAM_MESSAGES.memberRequired) }, { error: TEAM_MESSAGES.teamRequired })
export const MemberRoleSchema = MemberRefSchema.extend({ team_member_role: TeamRoleSchema })
export const MemberNameSchema = MemberRefSchema.extend({
  team_member_name: z.string({ error: TEAM_MESSAGES.memberRenameRequired }).trim().min(1, { error: TEAM_MESSAGES.memberRenameRequired }).max(150, { error: TEAM_MESSAGES.memberNameTooLong }).refine(isSingleLine, { error: TEAM_MESSAGES.memberRenameRequired }),
})
export const TeamAgentSchema = z.object({ team_id: idSchema(TEAM_MESSAGES.teamRequired), agent_id: idSchema(TEAM_MESSAGES.agentRequired) }, { error: TEAM_MESSAGES.teamRequired })
export const MemberPermissionsQuerySchema = z.object({ team_id: idSchema(TEAM_MESSAGES.teamRequired), member_id: idSchema(TEAM_MESSAGES.memberRequired) })
export const MemberByEmailQuerySchema = z.object({
  team_id: idSchema(TEAM_MESSAGES.teamRequired),
  email: z.string({ error: TEAM_MESSAGES.memberEmailRequired }).trim().min(1, { error: TEAM_MESSAGES.memberEmailRequired }).toLowerCase().pipe(z.email({ error: TEAM_MESSAGES.memberEmailInvalid })),
})
export const CheckPermissionSchema = z.object({
  agent_id: idSchema(TEAM_MESSAGES.agentRequired),
  permission: z.enum(['read', 'chat', 'edit', 'manage'], { error: 'permission must be read, chat, edit or manage' }).default('read'),
  team_id: idSchema(TEAM_MESSAGES.teamRequired).optional(),
  member_id: idSchema(TEAM_MESSAGES.memberRequired).optional(),
})
