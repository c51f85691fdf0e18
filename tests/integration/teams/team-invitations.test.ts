// Issue 20, invitations: adding an address that has not proved itself sends an invitation (a real SMTP
// server reads it back); its link joins whoever opens it and signs in, once, within 7 days; the owner can
// send it again (the old link stops) or revoke it; a proven account joins at once and is told.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InvitationViewSchema } from '../../../server/teams/teams.schemas.ts'
import { bearer, signUp, signUpProven, type SignedUp } from '../../support/accounts.ts'
import type { TestApp } from '../../support/create-test-app.ts'
import { MAIL_PUBLIC_URL, startSmtpTestApp } from '../../support/smtp-test-app.ts'
import { createAgentFor } from '../../support/knowledge.ts'
import { linkIn, type SmtpInbox } from '../../support/smtp-inbox.ts'

const PUBLIC_URL = MAIL_PUBLIC_URL
let inbox: SmtpInbox
let testApp: TestApp
let close: () => Promise<void>
let owner: SignedUp

beforeAll(async () => {
  ;({ inbox, testApp, close } = await startSmtpTestApp())
  owner = await signUp(testApp, { full_name: 'Olivia Owner' })
})
afterAll(() => close())

const post = (account: SignedUp, path: string, body: object) =>
  testApp.request.post(`/api/accounts/team/${path}/`).set(bearer(account.access)).send(body)
const members = async (teamId: string) =>
  (await testApp.request.get('/api/accounts/team/members/').query({ team_id: teamId }).set(bearer(owner.access))).body
    .team_members as { team_member_id: string; team_member_email: string; team_member_status: string }[]
const preview = (token: string) => testApp.request.get('/api/accounts/team/invitation/').query({ token })
const accept = (account: SignedUp, token: string) => post(account, 'accept-invitation', { token })

/** A team with a shared agent, and an invitation to `email`: answers the member row and the mailed secret. */
async function invite(email: string, teamName = `Team ${email.split('@')[0]}`) {
  const teamId = (await post(owner, 'create', { team_name: teamName })).body.team.team_id as string
  const agentId = await createAgentFor(testApp, owner, `${teamName} bot`)
  await post(owner, 'assign-agent', { team_id: teamId, agent_id: agentId })
  const added = await post(owner, 'add-member', {
    team_id: teamId,
    team_member_name: 'Guest',
    team_member_email: email,
  })
  expect(added.status).toBe(201)
  const token = await newestInvitationToken(email, 1)
  return { teamId, agentId, memberId: added.body.team_member.team_member_id as string, token }
}

async function newestInvitationToken(email: string, count: number) {
  await expect.poll(() => inbox.to(email, 'invited you').length, { timeout: 10_000 }).toBe(count)
  return linkIn(inbox.to(email, 'invited you').at(-1)!, '/auth/invitation').searchParams.get('token') ?? ''
}

const canOpen = async (account: SignedUp, agentId: string) =>
  (await testApp.request.get(`/api/agents/${agentId}/`).set(bearer(account.access))).status === 200

describe('team invitations', () => {
  it('mails the invitation; its link shows the team and joins whoever signs in with it, once', async () => {
    const { teamId, agentId, token } = await invite('guest@invited.example', 'Helpdesk')
    const [email] = inbox.to('guest@invited.example', 'invited you')
    expect(email?.subject).toBe('Olivia Owner invited you to the Helpdesk team on AgentDesk')
    expect(email?.from).toBe('no-reply@chat.example.com')
    expect(email?.text).toContain('It works once, for 7 days.')
    const link = linkIn(email!, '/auth/invitation')
    expect(link.origin).toBe(PUBLIC_URL)
    expect(email?.html).toContain(`href="${link.toString()}"`)
    const [row] = await members(teamId)
    expect(row).toMatchObject({ team_member_status: 'pending' })
    expect(Date.parse((row as unknown as { team_member_invited_at: string }).team_member_invited_at)).not.toBeNaN()

    expect(InvitationViewSchema.parse((await preview(token)).body)).toEqual({
      team_name: 'Helpdesk',
      team_owner: 'Olivia Owner',
      email: 'guest@invited.example',
      has_account: false,
    })
    // Signs up with the invited address (prefilled on the page), then accepts: the address is proven too.
    const guest = await signUp(testApp, { email: 'guest@invited.example' })
    expect(await canOpen(guest, agentId)).toBe(false)
    const joined = await accept(guest, token)
    expect(joined.status).toBe(200)
    expect(joined.body).toEqual({
      team: { team_id: teamId, team_name: 'Helpdesk' },
      message: 'You joined the Helpdesk team.',
    })
    expect(await canOpen(guest, agentId)).toBe(true)
    expect((await members(teamId))[0]).toMatchObject({ team_member_status: 'active' })
    const profile = await testApp.request.get('/api/accounts/profile/').set(bearer(guest.access))
    expect(profile.body.email_verified).toBe(true)
    // Once only.
    for (const again of [await accept(guest, token), await preview(token)]) {
      expect(again.status).toBe(400)
      expect(again.body.message).toBe(
        'This invitation has expired, was already used or was revoked. Ask the team for a new one.',
      )
    }
  })

  it('joins an account signed in with another address, which the membership then shows', async () => {
    const { teamId, agentId, token } = await invite('work@invited.example')
    const personal = await signUp(testApp, { email: 'personal@elsewhere.example' })
    expect((await accept(personal, token)).status).toBe(200)
    expect(await canOpen(personal, agentId)).toBe(true)
    expect((await members(teamId))[0]).toMatchObject({
      team_member_email: 'personal@elsewhere.example',
      team_member_status: 'active',
    })
    // The invited address was not the one proven.
    const profile = await testApp.request.get('/api/accounts/profile/').set(bearer(personal.access))
    expect(profile.body.email_verified).toBe(false)
  })

  it('sends it again on request: a new link, the old one spent', async () => {
    const { teamId, memberId, token: first } = await invite('again@invited.example')
    const resent = await post(owner, 'resend-invitation', { team_id: teamId, team_member_id: memberId })
    expect(resent.status).toBe(200)
    expect(resent.body.message).toBe('Invitation sent again')
    const second = await newestInvitationToken('again@invited.example', 2)
    expect(second).not.toBe(first)
    const guest = await signUp(testApp)
    expect((await accept(guest, first)).status).toBe(400)
    expect((await accept(guest, second)).status).toBe(200)
    // A member who joined has no invitation to send or revoke.
    for (const path of ['resend-invitation', 'revoke-invitation']) {
      const refused = await post(owner, path, { team_id: teamId, team_member_id: memberId })
      expect(refused.status).toBe(400)
      expect(refused.body.message).toBe('This member has already joined the team: remove them instead.')
    }
  })

  it('revokes it: the member goes and the link joins nothing', async () => {
    const { teamId, agentId, memberId, token } = await invite('revoked@invited.example')
    const revoked = await post(owner, 'revoke-invitation', { team_id: teamId, team_member_id: memberId })
    expect(revoked.body).toEqual({ message: 'Invitation revoked' })
    expect(await members(teamId)).toEqual([])
    const guest = await signUp(testApp, { email: 'revoked@invited.example' })
    expect((await accept(guest, token)).status).toBe(400)
    expect(await canOpen(guest, agentId)).toBe(false)
  })

  it('stops working after 7 days, or while the member is deactivated', async () => {
    const expired = await invite('late@invited.example')
    await testApp.database.prisma.emailLink.updateMany({
      where: { teamMemberId: expired.memberId },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    })
    const guest = await signUp(testApp)
    expect((await accept(guest, expired.token)).status).toBe(400)

    const paused = await invite('paused@invited.example')
    await post(owner, 'deactivate-member', { team_id: paused.teamId, team_member_id: paused.memberId })
    expect((await accept(guest, paused.token)).status).toBe(400)
    const resend = await post(owner, 'resend-invitation', { team_id: paused.teamId, team_member_id: paused.memberId })
    expect(resend.body.message).toBe('Activate this member before sending the invitation again.')
    // Activated again, the invitation stands.
    await post(owner, 'activate-member', { team_id: paused.teamId, team_member_id: paused.memberId })
    expect((await accept(guest, paused.token)).status).toBe(200)
  })

  it('refuses the owner and someone already in the team, and leaves the link usable', async () => {
    const { teamId, token } = await invite('spare@invited.example')
    const ownRefusal = await accept(owner, token)
    expect(ownRefusal.status).toBe(400)
    expect(ownRefusal.body.message).toBe('The team owner is already in the team.')
    const colleague = await signUpProven(testApp)
    await post(owner, 'add-member', { team_id: teamId, team_member_name: 'C', team_member_email: colleague.email })
    const twice = await accept(colleague, token)
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe('You are already a member of this team.')
    expect((await preview(token)).status).toBe(200)
  })

  it('adds an account that proved its address at once, and tells it by e-mail', async () => {
    const colleague = await signUpProven(testApp, { email: 'proven@colleague.example' })
    const teamId = (await post(owner, 'create', { team_name: 'Direct' })).body.team.team_id as string
    const added = await post(owner, 'add-member', {
      team_id: teamId,
      team_member_name: 'Proven',
      team_member_email: colleague.email,
    })
    expect(added.body.team_member).toMatchObject({ team_member_status: 'active', team_member_invited_at: null })
    await expect.poll(() => inbox.to(colleague.email, 'added to').length, { timeout: 10_000 }).toBe(1)
    const [email] = inbox.to(colleague.email, 'added to')
    expect(email?.subject).toBe('You were added to the Direct team on AgentDesk')
    expect(email?.text).toContain(`${PUBLIC_URL}/app/dashboard`)
    expect(inbox.to(colleague.email, 'invited you')).toEqual([])
  })

  it('only those who manage the team send or revoke invitations', async () => {
    const { teamId, memberId } = await invite('managed@invited.example')
    const plain = await signUpProven(testApp)
    await post(owner, 'add-member', { team_id: teamId, team_member_name: 'P', team_member_email: plain.email })
    const stranger = await signUp(testApp)
    for (const path of ['resend-invitation', 'revoke-invitation']) {
      expect((await post(plain, path, { team_id: teamId, team_member_id: memberId })).status).toBe(403)
      expect((await post(stranger, path, { team_id: teamId, team_member_id: memberId })).status).toBe(404)
    }
    expect((await members(teamId)).map((member) => member.team_member_email)).toContain('managed@invited.example')
  })
})
