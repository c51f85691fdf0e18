// @database-specific: two trial starts at once, one refused by the unique key
// Issue 37 item 11: signing up from a team invitation's page. The sign-up carries the invitation's
// secret and joins the team in the same transaction: the invited address is confirmed by the link mailed
// to it (no second e-mail), any other address is not; the account starts no trial of its own (it came to
// work on the owner's agents) and can start one later, once. The secret works once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GOOD_PASSWORD, bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { createAgentFor } from '../../support/knowledge.ts'
import { mailedToken } from '../../support/queued-emails.ts'

const INVALID = 'This invitation has expired, was already used or was revoked. Ask the team for a new one.'

let testApp: TestApp
let owner: SignedUp

beforeAll(async () => {
  // No worker: the invitations stay queued, whole, for the tests to follow their links.
  testApp = await createTestApp({ BILLING_MODE: 'enforced', WORKER_IN_SERVER: 'false' })
  owner = await signUp(testApp, { full_name: 'Olivia Owner' })
})
afterAll(() => testApp.cleanup())

const post = (account: Pick<SignedUp, 'access'>, path: string, body: object) =>
  testApp.request.post(`/api/accounts/team/${path}/`).set(bearer(account.access)).send(body)
const get = (account: Pick<SignedUp, 'access'>, path: string) =>
  testApp.request.get(`/api/${path}`).set(bearer(account.access))
const register = (email: string, token?: string) =>
  testApp.request.post('/api/accounts/register/').send({
    email,
    password: GOOD_PASSWORD,
    full_name: 'Gina Guest',
    ...(token === undefined ? {} : { invitation_token: token }),
  })
const signedUp = (email: string, body: { tokens: { access: string } }) => ({ email, access: body.tokens.access })
/** The subjects of the e-mails queued to `email` (kept once sent, unlike their bodies). */
const subjectsTo = async (email: string) =>
  (await testApp.database.prisma.job.findMany({ where: { kind: 'send-email' }, orderBy: { createdAt: 'asc' } }))
    .map((job) => job.payload as { to?: string; subject?: string })
    .filter((mail) => mail.to === email)
    .map((mail) => mail.subject)
const CONFIRM = 'Confirm your AgentDesk e-mail address'

/** A team named `teamName`, optionally with an agent shared, and an invitation to `email`: its member row and secret. */
async function invite(email: string, teamName: string, { withAgent = true } = {}) {
  const teamId = (await post(owner, 'create', { team_name: teamName })).body.team.team_id as string
  const agentId = withAgent ? await createAgentFor(testApp, owner, `${teamName} bot`) : null
  if (agentId) await post(owner, 'assign-agent', { team_id: teamId, agent_id: agentId })
  const added = await post(owner, 'add-member', { team_id: teamId, team_member_name: 'Gina', team_member_email: email })
  expect(added.status).toBe(201)
  const memberId = added.body.team_member.team_member_id as string
  return { teamId, agentId, memberId, token: await mailedToken(testApp, email, '/auth/invitation') }
}

describe('signing up with a team invitation', () => {
  it('with the invited address: joins the team, the address confirmed by the invitation, no second e-mail, no trial', async () => {
    const email = 'gina@invited.example'
    const { teamId, agentId, token } = await invite(email, 'Helpdesk')
    const answer = await register(email, token)
    expect(answer.status).toBe(201)
    expect(answer.body.message).toBe('Registration successful. You joined the Helpdesk team.')
    expect(answer.body.team).toEqual({ team_id: teamId, team_name: 'Helpdesk' })
    expect(answer.body.user.email_verified).toBe(true)
    const gina = signedUp(email, answer.body)

    expect((await get(gina, 'accounts/profile/')).body.email_verified).toBe(true)
    expect(await subjectsTo(email)).toEqual(['Olivia Owner invited you to the Helpdesk team on AgentDesk'])
    expect((await get(gina, `agents/${agentId}/`)).status).toBe(200)
    const teams = (await get(gina, 'accounts/team/')).body.teams
    expect(teams).toEqual([
      expect.objectContaining({ team_id: teamId, my_role: 'member', team_owner_name: 'Olivia Owner', agent_count: 1 }),
    ])
    // No plan of their own, so nothing of their own to upgrade or to be warned about.
    expect((await get(gina, 'plans/get-user-subscription/')).status).toBe(404)
    expect((await get(gina, 'subscriptions/status/')).body.status).toBe('none')
    expect((await get(gina, 'notifications/')).body.notifications).toEqual([])

    // The secret worked once: neither a second sign-up nor an acceptance can use it again.
    const again = await register('someone-else@invited.example', token)
    expect(again.status).toBe(400)
    expect(again.body.message).toBe(INVALID)
    expect((await post(gina, 'accept-invitation', { token })).body.message).toBe(INVALID)
  })

  it('with another address: joins the team under it, which still needs its own confirmation; no trial', async () => {
    const { teamId, token } = await invite('work@invited.example', 'Sales desk')
    const email = 'personal@elsewhere.example'
    const answer = await register(email, token)
    expect(answer.status).toBe(201)
    expect(answer.body.user.email_verified).toBe(false)
    expect(await subjectsTo(email)).toEqual([CONFIRM])
    expect(await subjectsTo('work@invited.example')).toEqual([
      'Olivia Owner invited you to the Sales desk team on AgentDesk',
    ])
    const person = signedUp(email, answer.body)
    const list = await testApp.request
      .get('/api/accounts/team/members/')
      .query({ team_id: teamId })
      .set(bearer(owner.access))
    expect(list.body.team_members).toEqual([
      expect.objectContaining({ team_member_email: email, team_member_status: 'active' }),
    ])
    expect((await get(person, 'plans/get-user-subscription/')).status).toBe(404)
  })

  it('with a revoked or made-up secret: refused whole, no account made', async () => {
    const { teamId, memberId, token } = await invite('late@invited.example', 'Late team', { withAgent: false })
    expect((await post(owner, 'revoke-invitation', { team_id: teamId, team_member_id: memberId })).status).toBe(200)
    for (const secret of [token, 'x'.repeat(43), 'not a secret']) {
      const refused = await register('late@invited.example', secret)
      expect(refused.status).toBe(400)
      expect(refused.body.message).toBe(INVALID)
    }
    expect(await testApp.database.prisma.user.count({ where: { email: 'late@invited.example' } })).toBe(0)
    expect(await subjectsTo('late@invited.example')).toEqual([
      'Olivia Owner invited you to the Late team team on AgentDesk',
    ])
  })

  it('a plain sign-up still starts its trial and is mailed its confirmation link', async () => {
    const email = 'plain@example.com'
    const answer = await register(email)
    expect(answer.status).toBe(201)
    expect(answer.body.user.email_verified).toBe(false)
    expect(answer.body.team).toBeUndefined()
    expect(await subjectsTo(email)).toEqual([CONFIRM])
    expect((await get(signedUp(email, answer.body), 'subscriptions/status/')).body.status).toBe('trialing')
  })
})

describe("starting a trial of one's own later", () => {
  it('starts the 14-day trial once for an invited member; an account that had one is refused', async () => {
    const email = 'maker@invited.example'
    const { token } = await invite(email, 'Makers', { withAgent: false })
    const maker = signedUp(email, (await register(email, token)).body)
    expect((await get(maker, 'subscriptions/status/')).body.status).toBe('none')
    const [first, second] = await Promise.all([
      testApp.request.post('/api/plans/start-trial/').set(bearer(maker.access)),
      testApp.request.post('/api/plans/start-trial/').set(bearer(maker.access)),
    ])
    expect([first.status, second.status].sort()).toEqual([201, 409])
    const started = first.status === 201 ? first : second
    expect(started.body.message).toBe('Your 14-day free trial has started: create agents of your own.')
    const days = (Date.parse(started.body.trial_ends_at as string) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(13.9)
    expect((await get(maker, 'subscriptions/status/')).body).toMatchObject({ status: 'trialing', is_trial: true })
    const created = await testApp.request
      .post('/api/agents/create/')
      .set(bearer(maker.access))
      .send({ name: 'Mine', visibility: 'private' })
    expect(created.status).toBe(201)

    const refused = await testApp.request.post('/api/plans/start-trial/').set(bearer(owner.access))
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(
      'Your account already had its free trial or a plan: choose a plan on the Subscribe page.',
    )
    expect((await testApp.request.post('/api/plans/start-trial/')).status).toBe(401)
  })
})
