// The teams contract with the SPEC's messages (section 5). Imports only zod and shared/'s zod-only rules.
import { z } from 'zod'
import { emailLinkToken } from '../../shared/email-link-token.schemas.ts'
import { idField } from '../../shared/ids.schemas.ts'
import { singleLineText } from '../../shared/text-rules.schemas.ts'

/** How long an invitation link works. */
export const INVITATION_DAYS = 7

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
  invitationInvalid: 'This invitation has expired, was already used or was revoked. Ask the team for a new one.',
  invitationResent: 'Invitation sent again',
  invitationRevoked: 'Invitation revoked',
  alreadyJoined: 'This member has already joined the team: remove them instead.',
  deactivatedInvitation: 'Activate this member before sending the invitation again.',
  ownerAlreadyIn: 'The team owner is already in the team.',
  alreadyMember: 'You are already a member of this team.',
} as const

export const TeamNameSchema = singleLineText({
  label: 'Team name',
  max: 255,
  required: TEAM_MESSAGES.nameRequired,
  tooLong: TEAM_MESSAGES.nameTooLong,
}).min(2, { error: TEAM_MESSAGES.nameTooShort })
const memberName = (required: string) =>
  singleLineText({ label: 'Member name', max: 150, required, tooLong: TEAM_MESSAGES.memberNameTooLong })
const TeamRoleSchema = z.enum(['member', 'admin', 'viewer'], { error: TEAM_MESSAGES.roleInvalid })
export type TeamRole = z.infer<typeof TeamRoleSchema>

export const TeamIdSchema = z.strictObject(
  { team_id: idField(TEAM_MESSAGES.teamRequired) },
  { error: TEAM_MESSAGES.teamRequired },
)
export const CreateTeamSchema = z.strictObject({ team_name: TeamNameSchema }, { error: TEAM_MESSAGES.nameRequired })
export const RenameTeamSchema = z.strictObject(
  { team_id: idField(TEAM_MESSAGES.teamRequired), team_name: TeamNameSchema },
  { error: TEAM_MESSAGES.teamRequired },
)

export const AddMemberSchema = z.strictObject(
  {
    team_id: idField(TEAM_MESSAGES.teamRequired),
    team_member_name: memberName(TEAM_MESSAGES.memberNameRequired),
    team_member_email: z
      .string({ error: TEAM_MESSAGES.memberEmailRequired })
      .trim()
      .min(1, { error: TEAM_MESSAGES.memberEmailRequired })
      .max(254, { error: TEAM_MESSAGES.memberEmailInvalid })
      .toLowerCase()
      .pipe(z.email({ error: TEAM_MESSAGES.memberEmailInvalid }))
      // .invalid is reserved: no mailbox answers (Shopify shops' placeholder addresses live there).
      .refine((email) => !email.endsWith('.invalid'), { error: TEAM_MESSAGES.memberEmailInvalid }),
    team_member_role: TeamRoleSchema.default('member'),
  },
  { error: TEAM_MESSAGES.teamRequired },
)
export type AddMember = z.infer<typeof AddMemberSchema>

export const MemberRefSchema = z.strictObject(
  { team_id: idField(TEAM_MESSAGES.teamRequired), team_member_id: idField(TEAM_MESSAGES.memberRequired) },
  { error: TEAM_MESSAGES.teamRequired },
)
export const InvitationTokenSchema = z.strictObject(
  {
    token: emailLinkToken(TEAM_MESSAGES.invitationInvalid),
  },
  { error: TEAM_MESSAGES.invitationInvalid },
)
export const MemberRoleSchema = MemberRefSchema.extend({ team_member_role: TeamRoleSchema })
export const MemberNameSchema = MemberRefSchema.extend({
  team_member_name: memberName(TEAM_MESSAGES.memberRenameRequired),
})
export const TeamAgentSchema = z.strictObject(
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
export const CheckPermissionSchema = z.strictObject({
  agent_id: idField(TEAM_MESSAGES.agentRequired),
  permission: z
    .enum(['read', 'chat', 'edit', 'manage'], { error: 'permission must be read, chat, edit or manage' })
    .default('read'),
  team_id: idField(TEAM_MESSAGES.teamRequired).optional(),
  member_id: idField(TEAM_MESSAGES.memberRequired).optional(),
})

// The answers (SPEC section 3's Team, TeamMember and the team's agents).

/** A team with its counts and the caller's place in it (owner, or their role as a member). */
export const TeamViewSchema = z.strictObject({
  team_id: z.string(),
  team_name: z.string(),
  team_created_at: z.string(),
  team_updated_at: z.string(),
  agent_count: z.number(),
  team_member_count: z.number(),
  my_role: z.enum(['owner', ...TeamRoleSchema.options]),
  /** The team's owner (the account whose agents it shares): whom its members ask. */
  team_owner_name: z.string(),
})
export type TeamView = z.infer<typeof TeamViewSchema>

export const TeamMemberViewSchema = z.strictObject({
  team_member_id: z.string(),
  team_id: z.string(),
  team_member_name: z.string(),
  team_member_email: z.string(),
  team_member_role: TeamRoleSchema,
  team_member_status: z.enum(['pending', 'active', 'deactivated']),
  /** When the last invitation e-mail went out; null for a member who joined at once. */
  team_member_invited_at: z.string().nullable(),
  team_member_created_at: z.string(),
  team_member_updated_at: z.string(),
})
export type TeamMemberView = z.infer<typeof TeamMemberViewSchema>

export const TeamAgentViewSchema = z.strictObject({
  agent_id: z.string(),
  agent_name: z.string(),
  agent_created_at: z.string(),
  agent_updated_at: z.string(),
})
export type TeamAgentView = z.infer<typeof TeamAgentViewSchema>

/** What an invitation link shows before it is accepted (no sign-in needed: the secret is the proof). */
export const InvitationViewSchema = z.strictObject({
  team_name: z.string(),
  team_owner: z.string(),
  email: z.string(),
  /** Whether an account signs in with the invited address (sign in rather than sign up). */
  has_account: z.boolean(),
})
export type InvitationView = z.infer<typeof InvitationViewSchema>

export const TeamListSchema = z.strictObject({ teams: z.array(TeamViewSchema) })
export const TeamMemberListSchema = z.strictObject({ team_members: z.array(TeamMemberViewSchema) })
export const TeamAgentListSchema = z.strictObject({ agents: z.array(TeamAgentViewSchema) })
