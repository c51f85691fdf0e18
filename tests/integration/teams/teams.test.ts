import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { createAgentFor } from '../../support/knowledge.ts'
import { mailedToken, proveAddress } from '../../support/queued-emails.ts'

let testApp: TestApp
let owner: SignedUp
beforeAll(async () => {
  testApp = await createTestApp({
    WORKER_IN_SERVER: 'false',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
  })
  owner = await signUp(testApp)
})
afterAll(() => testApp.cleanup())

const post = (account: SignedUp, path: string, body: object) =>
  testApp.request.post(`/api/accounts/team/${path}/`).set(bearer(account.access)).send(body)
const get = (account: SignedUp, path: string, query: Record<string, string>) =>
  testApp.request.get(`/api/accounts/team/${path}/`).query(query).set(bearer(account.access))

/** Someone who signed up and proved their address: adding them makes them a member at once. */
async function colleagueAccount() {
  const colleague = await signUp(testApp)
  await proveAddress(testApp, colleague)
  return colleague
}

async function newTeam(name = 'Support') {
  const response = await post(owner, 'create', { team_name: name })
  expect(response.status).toBe(201)
  return response.body.team.team_id as string
}

describe('teams', () => {
  it('creates, lists, renames and deletes a team', async () => {
    const created = await post(owner, 'create', { team_name: '  Sales  ' })
    expect(created.body).toMatchObject({
      message: 'Team created successfully',
      team: { team_name: 'Sales', agent_count: 0, team_member_count: 0, my_role: 'owner' },
    })
    const teamId = created.body.team.team_id
    expect(
      (await testApp.request.get('/api/accounts/team/').set(bearer(owner.access))).body.teams.map(
        (team: { team_id: string }) => team.team_id,
      ),
    ).toContain(teamId)
    expect((await post(owner, 'update-name', { team_id: teamId, team_name: 'Sales EU' })).body.team.team_name).toBe(
      'Sales EU',
    )
    expect((await get(owner, 'details', { team_id: teamId })).body.team.team_name).toBe('Sales EU')
    expect((await post(owner, 'delete', { team_id: teamId })).body.message).toBe('Team deleted successfully')
    expect((await get(owner, 'details', { team_id: teamId })).status).toBe(404)
  })

  it.each([
    [{}, 'Please enter a team name'],
    [{ team_name: '  ' }, 'Please enter a team name'],
    [{ team_name: 'A' }, 'Team name must be at least 2 characters long'],
    [{ team_name: 'x'.repeat(256) }, 'Team name must be less than 255 characters'],
  ])('refuses %j with the SPEC message', async (body, message) => {
    const response = await post(owner, 'create', body)
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(message)
  })

  it.each([
    [{ team_member_name: 'A', team_member_email: 'a@example.com' }, 'Please select a team first'],
    [{ team_member_email: 'a@example.com' }, 'Please enter member name'],
    [{ team_member_name: 'A' }, 'Please enter member email'],
    [{ team_member_name: 'A', team_member_email: 'not-an-email' }, 'Please provide a valid email address'],
  ])('add-member refuses %j with the SPEC message', async (body, message) => {
    const teamId = await newTeam()
    const response = await post(
      owner,
      'add-member',
      'team_member_name' in body || 'team_member_email' in body
        ? { team_id: message === 'Please select a team first' ? undefined : teamId, ...body }
        : body,
    )
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(message)
  })
})

describe('members', () => {
  it('a member with an existing account is active at once and sees the assigned agent, with the team badge', async () => {
    const teamId = await newTeam('Helpdesk')
    const agentId = await createAgentFor(testApp, owner, 'Shared bot')
    await post(owner, 'assign-agent', { team_id: teamId, agent_id: agentId })
    const colleague = await colleagueAccount()
    const added = await post(owner, 'add-member', {
      team_id: teamId,
      team_member_name: 'Colleague',
      team_member_email: colleague.email.toUpperCase(),
      team_member_role: 'member',
    })
    expect(added.status).toBe(201)
    expect(added.body.team_member).toMatchObject({
      team_member_email: colleague.email,
      team_member_role: 'member',
      team_member_status: 'active',
    })
    const agents = await testApp.request.get('/api/agents/').set(bearer(colleague.access))
    expect(
      agents.body.agents.map((agent: { agent_id: string; teams: string[] }) => [agent.agent_id, agent.teams]),
    ).toEqual([[agentId, ['Helpdesk']]])
    const permissions = await testApp.request.get(`/api/agents/${agentId}/permissions/`).set(bearer(colleague.access))
    expect(permissions.body).toMatchObject({ is_owner: false, permissions: ['read', 'chat'], can_edit: false })
  })

  it("a member sees only their own teams on an agent, not the owner's other teams", async () => {
    const agentId = await createAgentFor(testApp, owner, 'Two-team bot')
    const visibleTeam = await newTeam('Visible team')
    const hiddenTeam = await newTeam('Hidden team')
    for (const teamId of [visibleTeam, hiddenTeam])
      await post(owner, 'assign-agent', { team_id: teamId, agent_id: agentId })
    const colleague = await colleagueAccount()
    await post(owner, 'add-member', { team_id: visibleTeam, team_member_name: 'C', team_member_email: colleague.email })
    expect((await testApp.request.get(`/api/agents/${agentId}/`).set(bearer(colleague.access))).body.teams).toEqual([
      'Visible team',
    ])
    expect((await testApp.request.get(`/api/agents/${agentId}/`).set(bearer(owner.access))).body.teams.sort()).toEqual([
      'Hidden team',
      'Visible team',
    ])
  })

  it('someone added before signing up is pending, and gains access once they prove the address they signed up with', async () => {
    const teamId = await newTeam('Future')
    const agentId = await createAgentFor(testApp, owner, 'Future bot')
    await post(owner, 'assign-agent', { team_id: teamId, agent_id: agentId })
    const added = await post(owner, 'add-member', {
      team_id: teamId,
      team_member_name: 'Newcomer',
      team_member_email: 'newcomer@example.com',
      team_member_role: 'viewer',
    })
    expect(added.body.team_member.team_member_status).toBe('pending')
    const newcomer = await signUp(testApp, { email: 'newcomer@example.com' })
    // Signing up with the address proves nothing: anyone can type it.
    expect((await get(owner, 'members', { team_id: teamId })).body.team_members[0].team_member_status).toBe('pending')
    expect((await testApp.request.get(`/api/agents/${agentId}/`).set(bearer(newcomer.access))).status).toBe(404)
    await proveAddress(testApp, newcomer)
    const members = await get(owner, 'members', { team_id: teamId })
    expect(members.body.team_members[0]).toMatchObject({ team_member_status: 'active' })
    expect(members.body.team_members[0]).not.toHaveProperty('user_id')
    expect((await testApp.request.get(`/api/agents/${agentId}/`).set(bearer(newcomer.access))).status).toBe(200)
  })

  it('an account that has not proved its address is invited, not added', async () => {
    const teamId = await newTeam('Unproven')
    const agentId = await createAgentFor(testApp, owner, 'Unproven bot')
    await post(owner, 'assign-agent', { team_id: teamId, agent_id: agentId })
    const squatter = await signUp(testApp, { email: 'ceo@unproven.example' })
    const added = await post(owner, 'add-member', {
      team_id: teamId,
      team_member_name: 'CEO',
      team_member_email: 'ceo@unproven.example',
    })
    expect(added.body.team_member).toMatchObject({ team_member_status: 'pending' })
    expect(added.body.team_member.team_member_invited_at).not.toBeNull()
    expect((await testApp.request.get(`/api/agents/${agentId}/`).set(bearer(squatter.access))).status).toBe(404)
  })

  it('deactivating takes every access away; activating gives it back', async () => {
    const teamId = await newTeam('Toggle')
    const agentId = await createAgentFor(testApp, owner)
    await post(owner, 'assign-agent', { team_id: teamId, agent_id: agentId })
    const colleague = await colleagueAccount()
    const memberId = (
      await post(owner, 'add-member', { team_id: teamId, team_member_name: 'C', team_member_email: colleague.email })
    ).body.team_member.team_member_id
    expect((await post(owner, 'deactivate-member', { team_id: teamId, team_member_id: memberId })).body).toMatchObject({
      message: 'Team member deactivated successfully',
      team_member: { team_member_status: 'deactivated' },
    })
    expect((await testApp.request.get(`/api/agents/${agentId}/`).set(bearer(colleague.access))).status).toBe(404)
    expect((await testApp.request.get('/api/agents/').set(bearer(colleague.access))).body.agents).toEqual([])
    await post(owner, 'activate-member', { team_id: teamId, team_member_id: memberId })
    expect((await testApp.request.get(`/api/agents/${agentId}/`).set(bearer(colleague.access))).status).toBe(200)
  })

  it('roles change what a member may do; renaming and removing work', async () => {
    const teamId = await newTeam('Roles')
    const agentId = await createAgentFor(testApp, owner)
    await post(owner, 'assign-agent', { team_id: teamId, agent_id: agentId })
    const colleague = await colleagueAccount()
    const memberId = (
      await post(owner, 'add-member', {
        team_id: teamId,
        team_member_name: 'C',
        team_member_email: colleague.email,
        team_member_role: 'viewer',
      })
    ).body.team_member.team_member_id
    const addText = () =>
      testApp.request
        .post(`/api/agents/${agentId}/texts/create/`)
        .set(bearer(colleague.access))
        .send({ text_title: 'T', text_content: 'C' })
    const denied = await addText()
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBe("You do not have permission to change this agent's knowledge and widgets.")
    await post(owner, 'update-member-role', { team_id: teamId, team_member_id: memberId, team_member_role: 'admin' })
    expect((await addText()).status).toBe(201)
    expect(
      (await post(owner, 'update-member-name', { team_id: teamId, team_member_id: memberId, team_member_name: '  ' }))
        .body.message,
    ).toBe('Please enter a member name')
    expect(
      (
        await post(owner, 'update-member-name', {
          team_id: teamId,
          team_member_id: memberId,
          team_member_name: 'Renamed',
        })
      ).body.team_member.team_member_name,
    ).toBe('Renamed')
    expect((await post(owner, 'remove-member', { team_id: teamId, team_member_id: memberId })).body.message).toBe(
      'Team member removed successfully',
    )
    expect((await addText()).status).toBe(404)
  })

  it('a team admin manages members and assignments but cannot rename or delete the team; a member manages nothing', async () => {
    const teamId = await newTeam('Delegated')
    const admin = await colleagueAccount()
    const plain = await colleagueAccount()
    await post(owner, 'add-member', {
      team_id: teamId,
      team_member_name: 'Admin',
      team_member_email: admin.email,
      team_member_role: 'admin',
    })
    await post(owner, 'add-member', {
      team_id: teamId,
      team_member_name: 'Plain',
      team_member_email: plain.email,
      team_member_role: 'member',
    })
    expect(
      (
        await post(admin, 'add-member', {
          team_id: teamId,
          team_member_name: 'Third',
          team_member_email: 'third@example.com',
        })
      ).status,
    ).toBe(201)
    expect((await post(admin, 'update-name', { team_id: teamId, team_name: 'Mine' })).status).toBe(403)
    expect((await post(admin, 'delete', { team_id: teamId })).status).toBe(403)
    expect(
      (await post(plain, 'add-member', { team_id: teamId, team_member_name: 'X', team_member_email: 'x@example.com' }))
        .status,
    ).toBe(403)
    expect((await get(admin, 'members', { team_id: teamId })).body.team_members).toHaveLength(3)
    expect((await get(plain, 'members', { team_id: teamId })).status).toBe(403) // e-mails are for those who manage
    const outsider = await signUp(testApp)
    expect((await get(outsider, 'members', { team_id: teamId })).status).toBe(404)
  })

  it('only the team owner\u2019s agents can be assigned', async () => {
    const teamId = await newTeam('Guarded')
    const stranger = await signUp(testApp)
    const strangersAgent = await createAgentFor(testApp, stranger)
    const response = await post(owner, 'assign-agent', { team_id: teamId, agent_id: strangersAgent })
    expect(response.status).toBe(404)
    expect((await get(owner, 'agents', { team_id: teamId })).body.agents).toEqual([])
  })

  it('a team admin cannot reach an agent by assigning it to their team', async () => {
    const teamId = await newTeam('Escalation')
    const secret = await createAgentFor(testApp, owner, 'Secret agent')
    const admin = await colleagueAccount()
    await post(owner, 'add-member', {
      team_id: teamId,
      team_member_name: 'Admin',
      team_member_email: admin.email,
      team_member_role: 'admin',
    })
    const attempt = await post(admin, 'assign-agent', { team_id: teamId, agent_id: secret })
    expect(attempt.status).toBe(404)
    expect((await testApp.request.get(`/api/agents/${secret}/`).set(bearer(admin.access))).status).toBe(404)
  })

  it('changing an e-mail to an invited address does not pick up the invitation', async () => {
    const teamId = await newTeam('Invited')
    const agentId = await createAgentFor(testApp, owner, 'Invited bot')
    await post(owner, 'assign-agent', { team_id: teamId, agent_id: agentId })
    await post(owner, 'add-member', {
      team_id: teamId,
      team_member_name: 'CFO',
      team_member_email: 'cfo@victim.example',
      team_member_role: 'admin',
    })
    const attacker = await signUp(testApp)
    const changed = await testApp.request
      .put('/api/accounts/change-email/')
      .set(bearer(attacker.access))
      .send({ new_email: 'cfo@victim.example', password: attacker.password })
    expect(changed.status).toBe(200)
    expect((await testApp.request.get(`/api/agents/${agentId}/`).set(bearer(attacker.access))).status).toBe(404)
    expect((await get(owner, 'members', { team_id: teamId })).body.team_members[0].team_member_status).toBe('pending')
  })

  it('one person holds one membership per team, so deactivating it cannot be dodged', async () => {
    const teamId = await newTeam('Single')
    const colleague = await colleagueAccount()
    await post(owner, 'add-member', { team_id: teamId, team_member_name: 'C', team_member_email: colleague.email })
    await testApp.request
      .put('/api/accounts/change-email/')
      .set(bearer(colleague.access))
      .send({ new_email: `second-${colleague.email}`, password: colleague.password })
    const token = await mailedToken(testApp, `second-${colleague.email}`, '/auth/verify-email')
    expect((await testApp.request.post('/api/accounts/verify-email/').send({ token })).status).toBe(200)
    const second = await post(owner, 'add-member', {
      team_id: teamId,
      team_member_name: 'C again',
      team_member_email: `second-${colleague.email}`,
    })
    expect(second.status).toBe(409)
    expect(second.body.message).toBe('This person is already a member of the team.')
  })

  it('answers the permission queries', async () => {
    const teamId = await newTeam('Queries')
    const agentId = await createAgentFor(testApp, owner, 'Queried bot')
    await post(owner, 'assign-agent', { team_id: teamId, agent_id: agentId })
    const colleague = await colleagueAccount()
    const memberId = (
      await post(owner, 'add-member', {
        team_id: teamId,
        team_member_name: 'C',
        team_member_email: colleague.email,
        team_member_role: 'member',
      })
    ).body.team_member.team_member_id
    expect((await get(owner, 'member/permissions', { team_id: teamId, member_id: memberId })).body).toMatchObject({
      permissions: ['read', 'chat'],
      agents: [{ agent_id: agentId, permissions: ['read', 'chat'] }],
    })
    expect(
      (await get(owner, 'member/by-email', { team_id: teamId, email: colleague.email })).body.team_member
        .team_member_id,
    ).toBe(memberId)
    expect((await get(owner, 'agent/permissions', { team_id: teamId, agent_id: agentId })).body.roles).toEqual({
      admin: ['read', 'chat', 'edit'],
      member: ['read', 'chat'],
      viewer: ['read'],
    })
    expect(
      (await post(colleague, 'member/check-permission', { agent_id: agentId, permission: 'edit' })).body.allowed,
    ).toBe(false)
    expect(
      (await post(colleague, 'member/check-permission', { agent_id: agentId, permission: 'chat' })).body.allowed,
    ).toBe(true)
    const mine = await testApp.request.get('/api/agents/permissions/user/').set(bearer(colleague.access))
    expect(mine.body.agents).toEqual([
      { agent_id: agentId, agent_name: 'Queried bot', is_owner: false, permissions: ['read', 'chat'] },
    ])
    const content = await testApp.request
      .post('/api/agents/permissions/check-content/')
      .set(bearer(colleague.access))
      .send({ agent_id: agentId, action: 'upload' })
    expect(content.body.allowed).toBe(false)
  })
})
