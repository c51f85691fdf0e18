// Issue 20, alerts: what the plan says (usage at 80 % and 100 %, a trial ending in 3 days and ended, a
// failed payment) is e-mailed to the owner once per event; an agent's alert reaches the admins of its
// teams too; each alert has its own switch; a shop's placeholder address gets none.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SHOP_PLACEHOLDER_EMAIL_DOMAIN } from '../../../server/accounts/receives-email.ts'
import { startTrial } from '../../../server/billing/start-trial.ts'
import { AlertSettingsViewSchema } from '../../../server/alerts/alert-kinds.ts'
import { scheduleBillingAlerts } from '../../../server/alerts/billing-alerts.ts'
import { queueAlert } from '../../../server/alerts/queue-alert.ts'
import { planEnforcementFor } from '../../../server/billing/plan-enforcement-for.ts'
import { setPlan } from '../../../server/billing/set-plan.ts'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { bearer, signUp, signUpProven, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { createAgentFor } from '../../support/knowledge.ts'
import { queuedEmailsTo } from '../../support/queued-emails.ts'

const DAY = 86_400_000
const PUBLIC_URL = 'https://chat.example.com'
const clock = { now: new Date() }
let testApp: TestApp
let alerts: ReturnType<typeof scheduleBillingAlerts>

beforeAll(async () => {
  // No worker: the e-mails stay queued, whole, for the tests to read.
  testApp = await createTestApp(
    { BILLING_MODE: 'enforced', WORKER_IN_SERVER: 'false', PUBLIC_URL, AUTH_RATE_LIMIT_PER_IP: '100000' },
    { clock: () => clock.now },
  )
  const plans = planEnforcementFor({ config: testApp.config, database: testApp.database, clock: () => clock.now })
  alerts = scheduleBillingAlerts(
    { database: testApp.database, plans, linkBase: PUBLIC_URL },
    { logger: createLogger(testApp.config), intervalMs: 3_600_000, firstLookMs: null },
  )
})
afterAll(async () => {
  alerts.stop()
  await testApp.cleanup()
})
beforeEach(() => {
  clock.now = new Date()
})

const subjectsTo = async (account: SignedUp) =>
  (await queuedEmailsTo(testApp, account.email))
    .map((email) => email.subject)
    .filter((subject) => !/^Confirm/.test(subject))
const switchAlerts = (account: SignedUp, change: object) =>
  testApp.request.put('/api/accounts/email-alerts/').set(bearer(account.access)).send(change)

let nextPlanId = 500
async function onPlan(account: SignedUp, agents: number) {
  const id = nextPlanId++
  await testApp.database.prisma.plan.create({
    data: {
      id,
      name: `Alerts ${id}`,
      conversationLimit: 1000,
      messageLimit: 1000,
      tokenLimit: BigInt(10_000_000),
      widgetLimit: 100,
      teamMemberLimit: 100,
      agentLimit: agents,
    },
  })
  await setPlan(testApp.database, {
    email: account.email,
    plan: String(id),
    from: clock.now,
    until: new Date(clock.now.getTime() + 90 * DAY),
  })
}

describe('plan alerts by e-mail', () => {
  it('tells the owner once that the trial ends in 3 days, and once that it ended, each switch obeyed', async () => {
    const owner = await signUpProven(testApp)
    clock.now = new Date(Date.now() + 12 * DAY)
    await alerts.tick()
    await alerts.tick()
    expect(await subjectsTo(owner)).toEqual(['Your free trial ends in 2 days · AgentDesk'])
    const [email] = (await queuedEmailsTo(testApp, owner.email)).filter((mail) => mail.subject.startsWith('Your free'))
    expect(email?.text).toContain('Choose a plan to keep your agents answering when it ends.')
    expect(email?.text).toContain(`Choose a plan: ${PUBLIC_URL}/app/payment`)
    expect(email?.text).toContain("Switch alerts on or off in your profile's Settings tab.")

    const off = await switchAlerts(owner, { trial_ended: false })
    expect(off.body.alerts).toContainEqual({ kind: 'trial_ended', enabled: false })
    expect(off.body.alerts).toContainEqual({ kind: 'trial_ending', enabled: true })
    clock.now = new Date(Date.now() + 15 * DAY)
    await alerts.tick()
    expect(await subjectsTo(owner)).toHaveLength(1)
    await switchAlerts(owner, { trial_ended: true })
    await alerts.tick()
    await alerts.tick()
    expect(await subjectsTo(owner)).toEqual([
      'Your free trial ends in 2 days · AgentDesk',
      'Your free trial has ended · AgentDesk',
    ])
  })

  it('tells the owner at 80 % and at 100 % of a limit, once each', async () => {
    const owner = await signUpProven(testApp)
    await onPlan(owner, 5)
    for (const name of ['One', 'Two', 'Three']) await createAgentFor(testApp, owner, name)
    await alerts.tick()
    expect(await subjectsTo(owner)).toEqual([])
    await createAgentFor(testApp, owner, 'Four')
    await alerts.tick()
    await createAgentFor(testApp, owner, 'Five')
    await alerts.tick()
    await alerts.tick()
    expect(await subjectsTo(owner)).toEqual([
      'Agents at 80% of your plan · AgentDesk',
      'Agents limit reached · AgentDesk',
    ])
  })

  it('tells the owner of a failed payment', async () => {
    const owner = await signUpProven(testApp)
    await onPlan(owner, 5)
    await testApp.database.prisma.subscription.updateMany({
      where: { accountId: owner.userId, provider: 'manual' },
      data: { status: 'past_due' },
    })
    await alerts.tick()
    expect(await subjectsTo(owner)).toEqual(['Your last payment failed · AgentDesk'])
  })

  it('tells an owner who has not proved the address too (only invitations wait for proof)', async () => {
    const owner = await signUp(testApp)
    clock.now = new Date(Date.now() + 12 * DAY)
    await alerts.tick()
    expect(await subjectsTo(owner)).toEqual(['Your free trial ends in 2 days · AgentDesk'])
  })

  it('sends nothing to a Shopify shop’s placeholder address', async () => {
    // As an installation makes it (server/shopify/): a placeholder address, no password, on its trial.
    const shop = await testApp.database.prisma.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { email: `alerts-shop@${SHOP_PLACEHOLDER_EMAIL_DOMAIN}`, fullName: 'Shop' },
      })
      await startTrial(tx, user.id)
      return user
    })
    clock.now = new Date(Date.now() + 12 * DAY)
    await alerts.tick()
    expect(await queuedEmailsTo(testApp, shop.email)).toEqual([])
  })
})

describe('an agent’s alerts', () => {
  it('reach the owner and the admins of the agent’s teams, not members, other teams or switched-off admins', async () => {
    const owner = await signUpProven(testApp)
    const [admin, member, otherAdmin] = [
      await signUpProven(testApp),
      await signUpProven(testApp),
      await signUpProven(testApp),
    ]
    const agentId = await createAgentFor(testApp, owner, 'Front desk')
    const team = async (name: string, people: [SignedUp, string][], withAgent: boolean) => {
      const teamId = (
        await testApp.request.post('/api/accounts/team/create/').set(bearer(owner.access)).send({ team_name: name })
      ).body.team.team_id as string
      if (withAgent)
        await testApp.request
          .post('/api/accounts/team/assign-agent/')
          .set(bearer(owner.access))
          .send({ team_id: teamId, agent_id: agentId })
      for (const [person, role] of people)
        await testApp.request
          .post('/api/accounts/team/add-member/')
          .set(bearer(owner.access))
          .send({ team_id: teamId, team_member_name: 'P', team_member_email: person.email, team_member_role: role })
    }
    await team(
      'Desk',
      [
        [admin, 'admin'],
        [member, 'member'],
      ],
      true,
    )
    await team('Elsewhere', [[otherAdmin, 'admin']], false)
    const lead = (eventKey: string) =>
      queueAlert(testApp.database.prisma, {
        kind: 'new_lead',
        accountId: owner.userId,
        agentId,
        eventKey,
        title: 'New lead: ann@example.com',
        message: 'A visitor of Front desk left their e-mail.',
        actionPath: '/app/conversations',
        actionLabel: 'Open Conversations',
        linkBase: PUBLIC_URL,
      })
    expect(await lead('lead-1')).toBe(2)
    expect(await lead('lead-1')).toBe(0)
    for (const [person, count] of [
      [owner, 1],
      [admin, 1],
      [member, 0],
      [otherAdmin, 0],
    ] as const)
      expect((await subjectsTo(person)).filter((subject) => subject.startsWith('New lead'))).toHaveLength(count)
    await switchAlerts(admin, { new_lead: false })
    expect(await lead('lead-2')).toBe(1)
  })
})

describe('the alert switches', () => {
  it('are all on at first, and refuse what is not a switch', async () => {
    const account = await signUp(testApp)
    const read = await testApp.request.get('/api/accounts/email-alerts/').set(bearer(account.access))
    const { alerts: switches } = AlertSettingsViewSchema.parse(read.body)
    expect(switches.every((alert) => alert.enabled)).toBe(true)
    expect(switches).toHaveLength(7)
    for (const body of [{ usage_warning: 'no' }, { is_admin: true }, []]) {
      const refused = await switchAlerts(account, body)
      expect(refused.status).toBe(400)
    }
    expect((await testApp.request.get('/api/accounts/email-alerts/')).status).toBe(401)
  })
})
