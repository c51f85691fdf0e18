// @database-specific: raw SQL, processes sharing the database
// SPEC section 7, Billing: the catalogue, the account's subscription, its history and cancelling it.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { setPlan } from '../../../server/billing/set-plan.ts'
import { bearer, signUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { listRoutes } from '../../support/list-routes.ts'

let testApp: TestApp
beforeAll(async () => {
  testApp = await createTestApp({ BILLING_MODE: 'enforced' })
})
afterAll(async () => {
  await testApp.cleanup()
})

const DAY = 86_400_000

describe('the plan catalogue', () => {
  it('answers the seven plans of SPEC section 9 with their 14 prices and six limits, to anyone', async () => {
    const response = await testApp.request.get('/api/subscriptions/plans/')
    expect(response.status).toBe(200)
    const { plans, default_plan_id, currencies } = response.body
    expect(plans.map((plan: { name: string }) => plan.name)).toEqual([
      'Pro 1',
      'Pro 2',
      'Pro 3',
      'Pro 4',
      'Pro 5',
      'Pro 6',
      'Pro 7',
    ])
    expect(default_plan_id).toBe(1)
    expect(currencies).toEqual(['EGP'])
    expect(plans[0]).toMatchObject({
      id: 1,
      name: 'Pro 1',
      tier: 'basic',
      price: 10,
      currency: 'USD',
      credits_per_month: 6_000_000,
      is_active: true,
      is_default: true,
      is_most_popular: true,
      features: { max_conversations: 400, max_messages_per_day: 116 },
      prices: [
        { price_id: 1, currency: 'USD', amount: 10, amount_minor: 1000 },
        { price_id: 2, currency: 'EGP', amount: 500, amount_minor: 50_000 },
      ],
      limits: { conversations: 400, messages: 3500, tokens: 6_000_000, widgets: 3, team_members: 4, agents: 4 },
    })
    expect(plans[0].features.features).toContain('4 agents')
    expect(plans[6]).toMatchObject({
      name: 'Pro 7',
      tier: 'enterprise',
      prices: [
        { price_id: 13, amount: 640 },
        { price_id: 14, amount: 32_000 },
      ],
      limits: {
        conversations: 19_300,
        messages: 192_500,
        tokens: 321_000_000,
        widgets: 129,
        team_members: 193,
        agents: 193,
      },
    })
    const priceIds = plans.flatMap((plan: { prices: { price_id: number; currency: string }[] }) =>
      plan.prices.map((price) => `${price.price_id}:${price.currency}`),
    )
    expect(priceIds).toEqual(
      Array.from({ length: 14 }, (_unused, index) => `${index + 1}:${index % 2 === 0 ? 'USD' : 'EGP'}`),
    )
    expect(plans.filter((plan: { is_most_popular: boolean }) => plan.is_most_popular)).toHaveLength(1)
  })

  it('follows what an operator changes with SQL: a new price, a plan withdrawn, a plan added', async () => {
    const { prisma } = testApp.database
    await prisma.$executeRawUnsafe(`update plan_prices set amount_minor = 60000 where id = 2`)
    await prisma.$executeRawUnsafe(`update plans set is_active = false where id = 7`)
    await prisma.$executeRawUnsafe(
      `insert into plans (id, name, tier, sort_order, conversation_limit, message_limit, token_limit, widget_limit, team_member_limit, agent_limit, updated_at) values (8, 'Unlimited', 'enterprise', 8, -1, -1, -1, -1, -1, -1, now())`,
    )
    try {
      const { plans } = (await testApp.request.get('/api/subscriptions/plans/')).body
      expect(plans.map((plan: { id: number }) => plan.id)).toEqual([1, 2, 3, 4, 5, 6, 8])
      expect(plans[0].prices[1]).toMatchObject({ price_id: 2, amount: 600 })
      expect(plans.at(-1)).toMatchObject({
        name: 'Unlimited',
        limits: { agents: -1, tokens: -1 },
        features: { max_messages_per_day: -1 },
      })
      expect(plans.at(-1).features.features).toContain('Unlimited agents')
    } finally {
      await prisma.$executeRawUnsafe(`delete from plans where id = 8`)
      await prisma.$executeRawUnsafe(`update plans set is_active = true where id = 7`)
      await prisma.$executeRawUnsafe(`update plan_prices set amount_minor = 50000 where id = 2`)
    }
  })
})

describe("the account's subscription", () => {
  it('starts the trial on the first active plan when the operator withdrew the default one, and never stops a sign-up', async () => {
    const { prisma } = testApp.database
    await prisma.plan.update({ where: { id: 1 }, data: { isActive: false } })
    try {
      const owner = await signUp(testApp)
      expect(
        (await testApp.request.get('/api/plans/get-user-subscription/').set(bearer(owner.access))).body,
      ).toMatchObject({ plan_name: 'Pro 2', status: 'trialing' })
      await prisma.plan.updateMany({ data: { isActive: false } })
      const without = await signUp(testApp)
      expect((await testApp.request.get('/api/plans/get-user-subscription/').set(bearer(without.access))).status).toBe(
        404,
      )
    } finally {
      await prisma.plan.updateMany({ where: { id: { lte: 7 } }, data: { isActive: true } })
    }
  })

  it('starts a 14-day trial of the default plan at sign-up, in the SPEC’s Subscription shape', async () => {
    const owner = await signUp(testApp)
    const response = await testApp.request.get('/api/plans/get-user-subscription/').set(bearer(owner.access))
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      plan_id: 1,
      plan_name: 'Pro 1',
      status: 'trialing',
      subscription_status: true,
      is_trial: true,
      is_expired: false,
      provider: 'trial',
      cancel_at_period_end: false,
      remaining_days: 14,
      tokens_usage: 0,
      conversations_usage: 0,
      messages_usage: 0,
      agents_created: 0,
      widgets_created: 0,
      team_members_created: 0,
      features_limit: { tokens: 6_000_000, conversations: 400, messages: 3500, agents: 4, widgets: 3, team_members: 4 },
      billing_mode: 'enforced',
    })
    const { subscription_start_date, subscription_end_date, current_period_start, current_period_end } = response.body
    expect(Date.parse(subscription_end_date) - Date.parse(subscription_start_date)).toBe(14 * DAY)
    expect([current_period_start, current_period_end]).toEqual([subscription_start_date, subscription_end_date])
    expect(
      (await testApp.request.get('/api/subscriptions/current/').set(bearer(owner.access))).body.subscription,
    ).toMatchObject({ subscription_id: response.body.subscription_id })
    expect((await testApp.request.get('/api/subscriptions/status/').set(bearer(owner.access))).body).toEqual({
      status: 'trialing',
      subscription_status: true,
      is_trial: true,
      is_expired: false,
      remaining_days: 14,
      plan_id: 1,
      plan_name: 'Pro 1',
      billing_mode: 'enforced',
      can_answer: true,
    })
  })

  it('is the signed-in account’s own: every billing call but the catalogue and Stripe’s signed webhook answers 401 without a sign-in', async () => {
    const billing = listRoutes(testApp.app).filter((route) =>
      / \/api\/(plans|subscriptions|notifications)\//.test(route),
    )
    expect(billing.length).toBe(16)
    for (const route of billing.filter(
      (route) => route !== 'GET /api/subscriptions/plans/' && route !== 'POST /api/plans/webhook/',
    )) {
      const [method, path] = route.split(' ') as ['GET' | 'POST', string]
      const response = await testApp.request[method === 'GET' ? 'get' : 'post'](path).send({})
      expect([route, response.status]).toEqual([route, 401])
    }
  })

  it('answers 401 without a sign-in, 404 without any subscription, and 410 with the ended one', async () => {
    expect((await testApp.request.get('/api/plans/get-user-subscription/')).status).toBe(401)
    const owner = await signUp(testApp)
    await testApp.database.prisma.subscription.deleteMany({ where: { accountId: owner.userId } })
    const none = await testApp.request.get('/api/plans/get-user-subscription/').set(bearer(owner.access))
    expect(none.status).toBe(404)
    expect(none.body).toMatchObject({ message: 'No subscription found' })
    const history = await testApp.request.get('/api/plans/get-user-subscription-history/').set(bearer(owner.access))
    expect(history.status).toBe(404)
    expect(history.body).toMatchObject({ subscriptions: [], message: 'No subscription history found.' })
    expect((await testApp.request.get('/api/subscriptions/current/').set(bearer(owner.access))).body).toEqual({
      subscription: null,
    })
    expect((await testApp.request.get('/api/subscriptions/status/').set(bearer(owner.access))).body).toMatchObject({
      status: 'none',
      can_answer: false,
    })

    await setPlan(testApp.database, {
      email: owner.email,
      plan: 'Pro 2',
      from: new Date(Date.now() - 40 * DAY),
      until: new Date(Date.now() - DAY),
    })
    const ended = await testApp.request.get('/api/plans/get-user-subscription/').set(bearer(owner.access))
    expect(ended.status).toBe(410)
    expect(ended.body).toMatchObject({
      error: 'GONE',
      message: 'Your subscription has expired',
      subscription: {
        plan_name: 'Pro 2',
        status: 'expired',
        is_expired: true,
        subscription_status: false,
        remaining_days: 0,
        provider: 'manual',
      },
    })
  })

  it('cancels a trial at the end of its period, then at once; the history keeps every subscription', async () => {
    const owner = await signUp(testApp)
    const { subscription_id, subscription_end_date, subscription_updated_at } = (
      await testApp.request.get('/api/plans/get-user-subscription/').set(bearer(owner.access))
    ).body
    const later = await testApp.request
      .post('/api/plans/cancel-user-subscription/')
      .set(bearer(owner.access))
      .send({ subscription_id })
    expect(later.status).toBe(200)
    expect(later.body.message).toMatch(/^Your subscription will end on \w+ \d+, \d{4}\.$/)
    expect(later.body.subscription).toMatchObject({
      status: 'trialing',
      cancel_at_period_end: true,
      subscription_status: true,
      subscription_end_date,
    })
    // subscription_updated_at is when the row last changed: the cancellation moved it on.
    const changed = await testApp.database.prisma.subscription.findUniqueOrThrow({ where: { id: subscription_id } })
    expect(later.body.subscription.subscription_updated_at).toBe(changed.updatedAt.toISOString())
    expect(changed.updatedAt.getTime()).toBeGreaterThan(Date.parse(subscription_updated_at))

    const now = await testApp.request
      .post('/api/plans/cancel-user-subscription/')
      .set(bearer(owner.access))
      .send({ subscription_id, immediate: true })
    expect(now.status).toBe(200)
    expect(now.body).toMatchObject({
      message: 'Subscription cancelled successfully',
      subscription: { status: 'cancelled', subscription_status: false, is_expired: true },
    })
    expect((await testApp.request.get('/api/plans/get-user-subscription/').set(bearer(owner.access))).status).toBe(410)
    const again = await testApp.request
      .post('/api/plans/cancel-user-subscription/')
      .set(bearer(owner.access))
      .send({ subscription_id, immediate: true })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('This subscription has already ended.')

    await setPlan(testApp.database, { email: owner.email, plan: '3', until: new Date(Date.now() + 90 * DAY) })
    const history = await testApp.request.get('/api/plans/get-user-subscription-history/').set(bearer(owner.access))
    expect(history.status).toBe(200)
    expect(history.body.subscriptions).toMatchObject([
      { plan_name: 'Pro 3', status: 'active', provider: 'manual' },
      { subscription_id, plan_name: 'Pro 1', status: 'cancelled', provider: 'trial' },
    ])
  })

  it("never shows or cancels another account's subscription, and checks what it is given", async () => {
    const owner = await signUp(testApp)
    const stranger = await signUp(testApp)
    const { subscription_id } = (
      await testApp.request.get('/api/plans/get-user-subscription/').set(bearer(owner.access))
    ).body
    const refused = await testApp.request
      .post('/api/plans/cancel-user-subscription/')
      .set(bearer(stranger.access))
      .send({ subscription_id, immediate: true })
    expect(refused.status).toBe(404)
    expect(refused.body.message).toBe('Subscription not found')
    expect(
      (
        await testApp.request
          .get('/api/subscriptions/usage/history/')
          .query({ subscription_id })
          .set(bearer(stranger.access))
      ).status,
    ).toBe(404)
    const malformed = await testApp.request
      .post('/api/plans/cancel-user-subscription/')
      .set(bearer(owner.access))
      .send({ subscription_id: 'nope' })
    expect([malformed.status, malformed.body.message]).toEqual([404, 'Subscription not found'])
    expect(
      (await testApp.request.post('/api/plans/cancel-user-subscription/').set(bearer(owner.access)).send({})).status,
    ).toBe(400)
    expect(
      (
        await testApp.request
          .post('/api/plans/cancel-user-subscription/')
          .set(bearer(owner.access))
          .send({ subscription_id, immediate: 'soon' })
      ).status,
    ).toBe(400)
    expect((await testApp.request.get('/api/plans/get-user-subscription/').set(bearer(owner.access))).body.status).toBe(
      'trialing',
    )
  })

  it('answers the checkout and the portal plainly until payments are set up', async () => {
    const owner = await signUp(testApp)
    const unknown = await testApp.request
      .post('/api/plans/create-checkout-session/')
      .set(bearer(owner.access))
      .send({ price_id: 99 })
    // Which price matters only where payments are taken: without Stripe every checkout is told so.
    expect([unknown.status, unknown.body.message]).toEqual([503, 'Payments are not set up on this server.'])
    const checkout = await testApp.request.post('/api/plans/create-checkout-session/').set(bearer(owner.access)).send({
      price_id: 2,
      success_url: 'http://localhost/app/payment-success',
      cancel_url: 'http://localhost/app/payment-cancel',
    })
    expect(checkout.status).toBe(503)
    expect(checkout.body.message).toBe('Payments are not set up on this server.')
    const portal = await testApp.request.get('/api/plans/get-customer-portal-url/').set(bearer(owner.access))
    expect(portal.status).toBe(503)
    expect(portal.body.message).toBe('Payments are not set up on this server.')
    expect(
      (await testApp.request.get('/api/subscriptions/credits/transactions/').set(bearer(owner.access))).body,
    ).toEqual({ transactions: [] })
  })
})

// The embedded database is held by the test's own process; the command runs against PostgreSQL.
describe.runIf(inject('databaseKind') === 'postgres')('npm run billing', () => {
  const billing = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['scripts/billing.ts', ...args], {
      env: { PATH: process.env.PATH, DATABASE_URL: testApp.config.DATABASE_URL, LOG_LEVEL: 'silent' },
    }).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code: number; stderr: string }) => ({ code: error.code, output: error.stderr }),
    )

  it('set-plan gives an account a plan without payment, and says plainly what it cannot do', async () => {
    const owner = await signUp(testApp)
    const granted = await billing(
      'set-plan',
      '--email',
      owner.email.toUpperCase(),
      '--plan',
      'pro 4',
      '--until',
      '2099-12-31',
    )
    expect(granted).toMatchObject({
      code: 0,
      output: expect.stringContaining(`${owner.email} is on Pro 4 until 2099-12-31T23:59:59.999Z`),
    })
    expect(
      (await testApp.request.get('/api/plans/get-user-subscription/').set(bearer(owner.access))).body,
    ).toMatchObject({ plan_name: 'Pro 4', provider: 'manual', status: 'active', features_limit: { agents: 25 } })
    expect(await billing('set-plan', '--email', 'nobody@example.com', '--plan', '2', '--until', '2099-01-01')).toEqual({
      code: 2,
      output: 'No account has the e-mail nobody@example.com.\n',
    })
    expect(await billing('set-plan', '--email', owner.email, '--plan', 'Gold', '--until', '2099-01-01')).toEqual({
      code: 2,
      output: 'No plan is called Gold.\n',
    })
    expect((await billing('set-plan', '--email', owner.email, '--plan', '2', '--until', 'soon')).output).toContain(
      '--until must be a date',
    )
    expect((await billing('plans')).output).toContain('1  Pro 1 (default): 10 USD (price 1), 500 EGP (price 2)')
  })
})
