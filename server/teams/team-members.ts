import type { Actor } from '../accounts/actor.ts'
import type { PlanEnforcement } from '../billing/plan-enforcement.ts'
import type { Database } from '../db/database.ts'
import type { TeamMemberStatus, TeamRole } from '../db/generated/prisma/client.ts'
import { Prisma } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import { receivesEmail } from '../accounts/receives-email.ts'
import { emailLinkUrl } from '../mail/email-link-url.ts'
import { addedToTeamEmail } from '../mail/email-templates.ts'
import { queueEmail } from '../mail/send-email-job.ts'
import { inviterNameOf } from './invitations/pending-member.ts'
import { queueInvitation } from './invitations/queue-invitation.ts'
import { requireTeam } from './require-team.ts'
import { toMemberView } from './team-views.ts'
import { TEAM_MESSAGES, type AddMember } from './teams.schemas.ts'

const MEMBER_NOT_FOUND = 'Team member not found'

async function requireMember(database: Database, teamId: string, memberId: string) {
  const member = await database.prisma.teamMember.findFirst({ where: { id: memberId, teamId } })
  if (!member) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND)
  return member
}

// Members' e-mails and invitations are for those who manage the team, not for every member.
export async function listMembers(database: Database, actor: Actor, teamId: string) {
  await requireTeam(database, { actor, teamId, need: 'manage' })
  const members = await database.prisma.teamMember.findMany({ where: { teamId }, orderBy: { createdAt: 'asc' } })
  return { team_members: members.map(toMemberView) }
}

/** What team-member changes need: the database, and the plans' team-member limits. */
export interface TeamServices {
  database: Database
  plans: PlanEnforcement
}

/** What adding a member needs besides: where e-mailed links point (linkBaseOf), and the limit per invited address. */
export interface AddMemberServices extends TeamServices {
  linkBase: string
  /** Counts an invitation to `email` (429 past the limit), once the inviter may invite. */
  limitRecipient?: (email: string) => Promise<void>
}

/**
 * Adds a member by e-mail. An account that proved it owns the address joins at once (and is told by
 * e-mail); any other address is invited: pending, with a link mailed to it that joins whoever opens it
 * and signs in (invitation links, invitations/). A person new to the account's teams needs room in the
 * owner's plan (402 otherwise).
 */
export async function addMember(
  { database, plans, linkBase, limitRecipient }: AddMemberServices,
  actor: Actor,
  member: AddMember,
) {
  const { team } = await requireTeam(database, { actor, teamId: member.team_id, need: 'manage' })
  await limitRecipient?.(member.team_member_email)
  const user = await database.prisma.user.findUnique({
    where: { email: member.team_member_email },
    select: { id: true, email: true, isActive: true, emailVerifiedAt: true },
  })
  if (user?.id === team.accountId) throw new AppError('BAD_REQUEST', TEAM_MESSAGES.ownerAlreadyIn)
  if (user && (await database.prisma.teamMember.count({ where: { teamId: team.id, userId: user.id } })) > 0) {
    throw new AppError('CONFLICT', 'This person is already a member of the team.')
  }
  const joinsNow = user !== null && user.emailVerifiedAt !== null
  const inviterName = await inviterNameOf(database, actor)
  try {
    const created = await plans.createWithinPlan(
      { accountId: team.accountId, resource: 'team_members', email: member.team_member_email },
      async (tx) => {
        const row = await tx.teamMember.create({
          data: {
            accountId: team.accountId,
            teamId: team.id,
            userId: joinsNow ? user.id : null,
            name: member.team_member_name,
            email: member.team_member_email,
            role: member.team_member_role,
            status: joinsNow ? 'active' : 'pending',
          },
        })
        if (!joinsNow) return queueInvitation(tx, { member: row, teamName: team.name, inviterName, linkBase })
        if (receivesEmail(user))
          await queueEmail(tx, {
            to: user.email,
            content: addedToTeamEmail({
              inviterName,
              teamName: team.name,
              link: emailLinkUrl(linkBase, '/app/dashboard'),
            }),
            eventKey: `team-added:${row.id}`,
            accountId: team.accountId,
          })
        return row
      },
    )
    return { team_member: toMemberView(created) }
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')
      throw new AppError('CONFLICT', 'This e-mail is already a member of the team.')
    throw error
  }
}

export interface UpdateMemberOptions {
  actor: Actor
  teamId: string
  memberId: string
  change: { role?: TeamRole; name?: string; status?: TeamMemberStatus }
}

/**
 * A change to one member: role, name or status. An admin cannot change themselves (the owner can).
 * Activating a deactivated member needs room in the owner's plan, as adding them did.
 */
export async function updateMember(
  { database, plans }: TeamServices,
  { actor, teamId, memberId, change }: UpdateMemberOptions,
) {
  const { role } = await requireTeam(database, { actor, teamId, need: 'manage' })
  const member = await requireMember(database, teamId, memberId)
  if (role !== 'owner' && member.userId === actor.userId)
    throw new AppError('FORBIDDEN', 'Ask the team owner to change your own membership.')
  // Activating a member who has no user yet leaves them pending: access starts when they sign up.
  const status = change.status === 'active' && !member.userId ? 'pending' : change.status
  const update = (prisma: Pick<Database['prisma'], 'teamMember'>) =>
    prisma.teamMember.update({ where: { id: member.id }, data: { role: change.role, name: change.name, status } })
  const returning = member.status === 'deactivated' && status !== undefined && status !== 'deactivated'
  const updated = returning
    ? await plans.createWithinPlan(
        { accountId: member.accountId, resource: 'team_members', email: member.email },
        update,
      )
    : await update(database.prisma)
  return { team_member: toMemberView(updated) }
}

export interface RemoveMemberOptions {
  actor: Actor
  teamId: string
  memberId: string
}

export async function removeMember(database: Database, { actor, teamId, memberId }: RemoveMemberOptions) {
  const { role } = await requireTeam(database, { actor, teamId, need: 'manage' })
  const member = await requireMember(database, teamId, memberId)
  if (role !== 'owner' && member.userId === actor.userId)
    throw new AppError('FORBIDDEN', 'Ask the team owner to remove you from the team.')
  await database.prisma.teamMember.delete({ where: { id: member.id } })
}
