import { Router, type RequestHandler } from 'express'
import type { PlanEnforcement } from '../billing/plan-enforcement.ts'
import type { Database } from '../db/database.ts'
import type { JobQueue } from '../jobs/job-queue.ts'
import { acceptInvitation } from '../teams/invitations/accept-invitation.ts'
import { readInvitation } from '../teams/invitations/read-invitation.ts'
import { resendInvitation } from '../teams/invitations/resend-invitation.ts'
import { revokeInvitation } from '../teams/invitations/revoke-invitation.ts'
import { createTeam, deleteTeam, getTeam, renameTeam } from '../teams/manage-team.ts'
import { listTeams } from '../teams/list-teams.ts'
import {
  memberByEmail,
  memberPermissions,
  myAgentPermissions,
  teamAgentPermissions,
} from '../teams/permission-queries.ts'
import { assignAgent, listTeamAgents, unassignAgent } from '../teams/team-agents.ts'
import { addMember, listMembers, removeMember, updateMember } from '../teams/team-members.ts'
import {
  AddMemberSchema,
  CheckPermissionSchema,
  CreateTeamSchema,
  InvitationTokenSchema,
  MemberByEmailQuerySchema,
  MemberNameSchema,
  MemberPermissionsQuerySchema,
  MemberRefSchema,
  MemberRoleSchema,
  RenameTeamSchema,
  TeamAgentSchema,
  TEAM_MESSAGES,
  TeamIdSchema,
} from '../teams/teams.schemas.ts'
import { AppError } from '../errors/app-error.ts'
import { actorOf } from './authenticate.ts'
import type { RateLimits } from '../rate-limits/rate-limits.ts'

/** SPEC section 7, Teams, under /accounts/team/. Reads take query parameters, changes a JSON body. */
/** A question about permissions answers allowed: false for an agent the caller cannot see; real failures stay failures. */
async function permissionsOrNone(lookup: Promise<{ permissions: string[] }>) {
  try {
    return await lookup
  } catch (error) {
    if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN')) return null
    throw error
  }
}

export interface TeamRoutesOptions {
  database: Database
  plans: PlanEnforcement
  rateLimits: RateLimits
  /** Wakes the worker for the invitation e-mails. */
  queue: JobQueue
  /** Where e-mailed links point (linkBaseOf). */
  linkBase: string
  signedIn: RequestHandler
}

export function teamRoutes({ database, plans, rateLimits, queue, linkBase, signedIn }: TeamRoutesOptions): Router {
  const router = Router()
  const base = '/accounts/team'
  // Per invited address too, from all inviters, counted once the inviter may invite: invitations cannot
  // be turned into a way to flood one inbox, nor a stranger's calls into a way to block someone's.
  const limitRecipient = (email: string) => rateLimits.limitAccount('team-invite-recipient', email)

  router.get(`${base}/`, signedIn, async (_req, res) => res.json(await listTeams(database, actorOf(res))))
  router.get(`${base}/details/`, signedIn, async (req, res) =>
    res.json(await getTeam(database, actorOf(res), TeamIdSchema.parse(req.query).team_id)),
  )
  router.post(`${base}/create/`, signedIn, async (req, res) => {
    res.status(201).json({
      ...(await createTeam(database, actorOf(res), CreateTeamSchema.parse(req.body).team_name)),
      message: 'Team created successfully',
    })
  })
  router.post(`${base}/update-name/`, signedIn, async (req, res) => {
    const { team_id, team_name } = RenameTeamSchema.parse(req.body)
    res.json({
      ...(await renameTeam(database, { actor: actorOf(res), teamId: team_id, name: team_name })),
      message: 'Team updated successfully',
    })
  })
  router.post(`${base}/delete/`, signedIn, async (req, res) =>
    deleteTeam(database, actorOf(res), TeamIdSchema.parse(req.body).team_id).then(() =>
      res.json({ message: 'Team deleted successfully' }),
    ),
  )

  router.get(`${base}/members/`, signedIn, async (req, res) =>
    res.json(await listMembers(database, actorOf(res), TeamIdSchema.parse(req.query).team_id)),
  )
  // Invitations are limited per inviter, like sign-ins (inviting addresses is not a free way to learn which
  // have accounts), and per invited address.
  router.post(`${base}/add-member/`, signedIn, async (req, res) => {
    await rateLimits.limitAccount('team-invite', actorOf(res).userId)
    const member = AddMemberSchema.parse(req.body)
    const added = await addMember({ database, plans, linkBase, limitRecipient }, actorOf(res), member)
    queue.wake()
    res.status(201).json({ ...added, message: 'Team member added successfully' })
  })
  router.post(`${base}/resend-invitation/`, signedIn, async (req, res) => {
    await rateLimits.limitAccount('team-invite', actorOf(res).userId)
    const { team_id, team_member_id } = MemberRefSchema.parse(req.body)
    const resent = await resendInvitation(
      { database, linkBase, limitRecipient },
      { actor: actorOf(res), teamId: team_id, memberId: team_member_id },
    )
    queue.wake()
    res.json({ ...resent, message: TEAM_MESSAGES.invitationResent })
  })
  router.post(`${base}/revoke-invitation/`, signedIn, async (req, res) => {
    const { team_id, team_member_id } = MemberRefSchema.parse(req.body)
    await revokeInvitation(database, { actor: actorOf(res), teamId: team_id, memberId: team_member_id })
    res.json({ message: TEAM_MESSAGES.invitationRevoked })
  })
  // The page an invitation link opens: what it is for (no sign-in: the secret is the proof), then joining.
  router.get(`${base}/invitation/`, async (req, res) => {
    await rateLimits.limitIp('team-invitation', req.ip)
    res.json(await readInvitation(database, InvitationTokenSchema.parse(req.query).token))
  })
  router.post(`${base}/accept-invitation/`, signedIn, async (req, res) => {
    await rateLimits.limitIp('team-invitation', req.ip)
    const { token } = InvitationTokenSchema.parse(req.body)
    const { team } = await acceptInvitation(database, { actor: actorOf(res), token })
    res.json({ team, message: `You joined the ${team.team_name} team.` })
  })
  router.post(`${base}/update-member-role/`, signedIn, async (req, res) => {
    const { team_id, team_member_id, team_member_role } = MemberRoleSchema.parse(req.body)
    res.json({
      ...(await updateMember(
        { database, plans },
        { actor: actorOf(res), teamId: team_id, memberId: team_member_id, change: { role: team_member_role } },
      )),
      message: 'Team member role updated successfully',
    })
  })
  router.post(`${base}/update-member-name/`, signedIn, async (req, res) => {
    const { team_id, team_member_id, team_member_name } = MemberNameSchema.parse(req.body)
    res.json({
      ...(await updateMember(
        { database, plans },
        { actor: actorOf(res), teamId: team_id, memberId: team_member_id, change: { name: team_member_name } },
      )),
      message: 'Team member name updated successfully',
    })
  })
  for (const [path, status, message] of [
    ['deactivate-member', 'deactivated', 'Team member deactivated successfully'],
    ['activate-member', 'active', 'Team member activated successfully'],
  ] as const) {
    router.post(`${base}/${path}/`, signedIn, async (req, res) => {
      const { team_id, team_member_id } = MemberRefSchema.parse(req.body)
      res.json({
        ...(await updateMember(
          { database, plans },
          { actor: actorOf(res), teamId: team_id, memberId: team_member_id, change: { status } },
        )),
        message,
      })
    })
  }
  for (const [path, message] of [
    ['remove-member', 'Team member removed successfully'],
    ['delete-member', 'Team member deleted successfully'],
  ] as const) {
    router.post(`${base}/${path}/`, signedIn, async (req, res) => {
      const { team_id, team_member_id } = MemberRefSchema.parse(req.body)
      await removeMember(database, { actor: actorOf(res), teamId: team_id, memberId: team_member_id })
      res.json({ message })
    })
  }

  router.get(`${base}/agents/`, signedIn, async (req, res) =>
    res.json(await listTeamAgents(database, actorOf(res), TeamIdSchema.parse(req.query).team_id)),
  )
  router.post(`${base}/assign-agent/`, signedIn, async (req, res) => {
    const { team_id, agent_id } = TeamAgentSchema.parse(req.body)
    res.json({
      message: 'Agent assigned to team successfully',
      ...(await assignAgent(database, { actor: actorOf(res), teamId: team_id, agentId: agent_id })),
    })
  })
  router.post(`${base}/remove-agent/`, signedIn, async (req, res) => {
    const { team_id, agent_id } = TeamAgentSchema.parse(req.body)
    await unassignAgent(database, { actor: actorOf(res), teamId: team_id, agentId: agent_id })
    res.json({ message: 'Agent removed from team successfully' })
  })

  router.get(`${base}/member/permissions/`, signedIn, async (req, res) => {
    const { team_id, member_id } = MemberPermissionsQuerySchema.parse(req.query)
    res.json(await memberPermissions(database, { actor: actorOf(res), teamId: team_id, memberId: member_id }))
  })
  router.get(`${base}/member/by-email/`, signedIn, async (req, res) => {
    const { team_id, email } = MemberByEmailQuerySchema.parse(req.query)
    res.json(await memberByEmail(database, { actor: actorOf(res), teamId: team_id, email }))
  })
  router.post(`${base}/member/check-permission/`, signedIn, async (req, res) => {
    const check = CheckPermissionSchema.parse(req.body)
    const permissions = await permissionsOrNone(myAgentPermissions(database, actorOf(res), check.agent_id))
    res.json({
      agent_id: check.agent_id,
      permission: check.permission,
      allowed: permissions?.permissions.includes(check.permission) ?? false,
    })
  })
  router.get(`${base}/agent/permissions/`, signedIn, async (req, res) => {
    const { team_id, agent_id } = TeamAgentSchema.parse(req.query)
    res.json(await teamAgentPermissions(database, { actor: actorOf(res), teamId: team_id, agentId: agent_id }))
  })
  return router
}
