import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  TeamAgentListSchema,
  TeamAgentViewSchema,
  TeamListSchema,
  TeamMemberListSchema,
  TeamMemberViewSchema,
  TeamViewSchema,
} from '../../../server/teams/teams.schemas.ts'
import { bearer, signUp, signUpProven, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { createAgentFor } from '../../support/knowledge.ts'

// The dashboard types the teams calls' answers with teams.schemas.ts instead of a copy: every answer
// must match those schemas exactly, for the owner and for a member.
let testApp: TestApp
let owner: SignedUp
let member: SignedUp
beforeAll(async () => {
  testApp = await createTestApp({ WORKER_IN_SERVER: 'false' })
  owner = await signUp(testApp)
  member = await signUpProven(testApp)
})
afterAll(() => testApp.cleanup())

const post = (path: string, body: object) =>
  testApp.request.post(`/api/accounts/team/${path}/`).set(bearer(owner.access)).send(body)
const get = (account: SignedUp, path: string, query: Record<string, string> = {}) =>
  testApp.request.get(`/api/accounts/team/${path}`).query(query).set(bearer(account.access))

describe('the teams contract', () => {
  it('teams, members and agents answer exactly their views, with the caller’s role', async () => {
    const created = await post('create', { team_name: 'Contract team' })
    expect(created.status).toBe(201)
    const team = TeamViewSchema.parse(created.body.team)
    expect(team.my_role).toBe('owner')
    const added = await post('add-member', {
      team_id: team.team_id,
      team_member_name: 'Mia Member',
      team_member_email: member.email,
      team_member_role: 'admin',
    })
    expect(added.status).toBe(201)
    expect(TeamMemberViewSchema.parse(added.body.team_member).team_member_status).toBe('active')
    const agentId = await createAgentFor(testApp, owner)
    const assigned = await post('assign-agent', { team_id: team.team_id, agent_id: agentId })
    expect(TeamAgentViewSchema.parse(assigned.body.agent).agent_id).toBe(agentId)

    expect(TeamViewSchema.parse((await get(owner, 'details/', { team_id: team.team_id })).body.team)).toMatchObject({
      agent_count: 1,
      team_member_count: 1,
    })
    const members = TeamMemberListSchema.parse((await get(owner, 'members/', { team_id: team.team_id })).body)
    expect(members.team_members).toHaveLength(1)
    TeamAgentListSchema.parse((await get(owner, 'agents/', { team_id: team.team_id })).body)
    TeamListSchema.parse((await get(owner, '')).body)
    const theirs = TeamListSchema.parse((await get(member, '')).body)
    expect(theirs.teams.map((item) => item.my_role)).toEqual(['admin'])
  })

  it('refuses a shape with a field the server does not send, so the check can fail', async () => {
    const [team] = TeamListSchema.parse((await get(owner, '')).body).teams
    expect(TeamViewSchema.safeParse({ ...team, surprise: 1 }).success).toBe(false)
    expect(TeamViewSchema.safeParse({ ...team, my_role: 'king' }).success).toBe(false)
  })
})
