// @database-specific: one event delivered twice at once races on the database
// Issue 17, Stripe: checkout to an active subscription, renewal, failure, cancel, and webhooks that
// repeat, arrive out of order or are forged, against a fake Stripe speaking Stripe's wire format and
// driven by the official stripe package (tests/support/fake-stripe.ts).
import { CheckoutAnswerSchema, PortalAnswerSchema } from '../../../server/billing/billing.schemas.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Stripe from 'stripe'
import { ensureStripePrice, syncStripeCatalogue } from '../../../server/billing/stripe/ensure-stripe-price.ts'
import { signUp } from '../../support/accounts.ts'
import type { TestApp } from '../../support/create-test-app.ts'
import type { FakeStripe, FakeStripeEvent } from '../../support/fake-stripe.ts'
import { ORIGIN, startStripeTestbed, type StripeTestbed } from '../../support/stripe-testbed.ts'

let testbed: StripeTestbed
let fake: FakeStripe
let testApp: TestApp
let as: StripeTestbed['as']
let checkout: StripeTestbed['checkout']
let deliver: StripeTestbed['deliver']
let deliverAll: StripeTestbed['deliverAll']
let subscriptionOf: StripeTestbed['subscriptionOf']
let payingOwner: StripeTestbed['payingOwner']
beforeAll(async () => {
  testbed = await startStripeTestbed()
  ;({ fake, testApp, as, checkout, deliver, deliverAll, subscriptionOf, payingOwner } = testbed)
})
afterAll(() => testbed.close())

describe('checkout', () => {
  it('creates the customer, the price by its lookup key and a subscription-mode session marked with the account', async () => {
    const owner = await signUp(testApp)
    const response = await checkout(owner)
    expect(response.status).toBe(200)
    expect(CheckoutAnswerSchema.parse(response.body).checkout_url).toMatch(new RegExp(`^${fake.url}/checkout/cs_`))
    const session = [...fake.checkoutSessions.values()].at(-1)!
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: owner.userId,
      success_url: `${ORIGIN}/app/payment-success`,
      cancel_url: `${ORIGIN}/app/payment-cancel`,
      metadata: { account_id: owner.userId, plan_id: '2', price_id: '4' },
    })
    const price = [...fake.prices.values()].find((candidate) => candidate.lookup_key === 'agentdesk_price_4')
    expect(price).toMatchObject({ currency: 'egp', unit_amount: 100_000, recurring: { interval: 'month' } })
    expect(await testApp.database.prisma.planPrice.findUniqueOrThrow({ where: { id: 4 } })).toMatchObject({
      providerPriceId: price?.id,
    })
    expect(
      (await testApp.database.prisma.user.findUniqueOrThrow({ where: { id: owner.userId } })).stripeCustomerId,
    ).toBe(session.customer)
    // A second checkout reuses the customer and the price.
    const pricesBefore = fake.prices.size
    const customersBefore = fake.customers.size
    expect((await checkout(owner)).status).toBe(200)
    expect([fake.prices.size, fake.customers.size]).toEqual([pricesBefore, customersBefore])
  })

  it('refuses an unknown price, return addresses elsewhere, and a merchant Shopify bills', async () => {
    const owner = await signUp(testApp)
    expect((await checkout(owner, { price_id: 99 })).body.message).toBe('Price not available for selected currency')
    const away = await checkout(owner, { success_url: 'https://evil.example/steal' })
    expect([away.status, away.body.message]).toEqual([400, 'The return addresses must be pages of this site.'])
    const merchant = await signUp(testApp)
    await testApp.database.prisma.shopifyShop.create({
      data: { shopDomain: `m${Date.now()}.myshopify.com`, accountId: merchant.userId },
    })
    const managed = await checkout(merchant)
    expect([managed.status, managed.body.message]).toEqual([
      409,
      'Your plan is managed in your Shopify admin: open AgentDesk there to change it.',
    ])
    expect((await testApp.request.get('/api/plans/get-customer-portal-url/').set(as(merchant))).status).toBe(409)
  })

  it('npm run billing -- sync-stripe gives all 14 prices their Stripe Price once', async () => {
    const stripe = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http' })
    const first = await syncStripeCatalogue(testApp.database, stripe)
    expect(first.map((row) => row.priceId)).toEqual(Array.from({ length: 14 }, (_unused, index) => index + 1))
    const created = fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/prices').length
    expect(await syncStripeCatalogue(testApp.database, stripe)).toEqual(first)
    expect(fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/prices').length).toBe(
      created,
    )
    expect(new Set([...fake.products.values()].map((product) => product.metadata.plan_id)).size).toBe(
      fake.products.size,
    )
  })
})

describe('the webhook', () => {
  it('turns a paid checkout into the active subscription, ending the trial; the portal opens for it', async () => {
    const { owner, subscriptionId } = await payingOwner()
    const response = await subscriptionOf(owner)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      plan_name: 'Pro 2',
      provider: 'stripe',
      status: 'active',
      subscription_status: true,
      is_trial: false,
      features_limit: { agents: 7 },
    })
    const rows = await testApp.database.prisma.subscription.findMany({
      where: { accountId: owner.userId },
      orderBy: { createdAt: 'asc' },
    })
    expect(rows.map((row) => [row.provider, row.status, row.currentKey !== null])).toEqual([
      ['trial', 'cancelled', false],
      ['stripe', 'active', true],
    ])
    expect(rows[1]).toMatchObject({
      providerSubscriptionId: subscriptionId,
      priceId: 4,
      currency: 'EGP',
      amountMinor: 100_000,
    })
    const again = await checkout(owner)
    expect([again.status, again.body.message]).toEqual([
      409,
      'You already pay for a plan: change it with Manage Billing.',
    ])
    const portal = await testApp.request.get('/api/plans/get-customer-portal-url/').set(as(owner))
    expect(portal.status).toBe(200)
    expect(PortalAnswerSchema.parse(portal.body).customer_portal_url).toMatch(
      new RegExp(`^${fake.url}/billing_portal/`),
    )
    expect([...fake.portalSessions.values()].at(-1)).toMatchObject({ return_url: `${ORIGIN}/app/usage` })
  })

  it('applies each event once, and refuses forged or unsigned ones without changing anything', async () => {
    const { owner, events } = await payingOwner()
    const before = await testApp.database.prisma.subscription.findMany({ where: { accountId: owner.userId } })
    const repeat = await deliver(events[1]!)
    expect(repeat.body).toEqual({ received: true, duplicate: true })
    const forged = await deliver(events[1]!, `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`)
    expect([forged.status, forged.body.message]).toEqual([400, 'Invalid Stripe signature.'])
    const unsigned = await testApp.request
      .post('/api/plans/webhook/')
      .set('Content-Type', 'application/json')
      .send(fake.sign(events[0]!).body)
    expect(unsigned.status).toBe(400)
    expect(await testApp.database.prisma.subscription.findMany({ where: { accountId: owner.userId } })).toEqual(before)
  })

  it('follows renewal, a failed payment (past_due, still answering), then the end (expired)', async () => {
    const { owner, subscriptionId } = await payingOwner()
    const periodEnd = (await subscriptionOf(owner)).body.current_period_end as string
    await deliverAll(fake.renew(subscriptionId))
    expect(Date.parse((await subscriptionOf(owner)).body.current_period_end)).toBeGreaterThan(Date.parse(periodEnd))
    await deliverAll(fake.failPayment(subscriptionId))
    expect((await subscriptionOf(owner)).body).toMatchObject({ status: 'past_due', subscription_status: true })
    expect((await testApp.request.get('/api/notifications/').set(as(owner))).body.notifications).toContainEqual(
      expect.objectContaining({ kind: 'subscription', level: 'critical', title: 'Your last payment failed' }),
    )
    await deliverAll(fake.expire(subscriptionId))
    const ended = await subscriptionOf(owner)
    expect(ended.status).toBe(410)
    expect(ended.body.subscription).toMatchObject({ status: 'cancelled', provider: 'stripe' })
  })

  it('applies an event delivered twice at the same instant once (two requests racing on the database)', async () => {
    const owner = await signUp(testApp)
    const sessionId = new URL((await checkout(owner)).body.checkout_url as string).pathname.split('/').pop() as string
    const [completed, created] = fake.completeCheckout(sessionId)
    const answers = await Promise.all([deliver(created!), deliver(created!), deliver(completed!), deliver(completed!)])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    expect(answers.filter((answer) => answer.body.duplicate).length).toBeGreaterThanOrEqual(2)
    expect(
      await testApp.database.prisma.providerEvent.count({ where: { id: { in: [created!.id, completed!.id] } } }),
    ).toBe(2)
    const rows = await testApp.database.prisma.subscription.findMany({
      where: { accountId: owner.userId, provider: 'stripe' },
    })
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'active', currentKey: owner.userId })
  })

  it('converges on Stripe’s truth whatever the order: an old event after the end changes nothing', async () => {
    const { owner, subscriptionId, events } = await payingOwner()
    const ending = fake.expire(subscriptionId)
    await deliverAll(ending)
    // The creation event again, under a new id as a late resend would be: the subscription is read back, and it has ended.
    await deliverAll([{ ...events[1]!, id: `evt_late_${Date.now()}` } as FakeStripeEvent])
    expect((await subscriptionOf(owner)).status).toBe(410)
  })

  it('cancels at Stripe, at the period end or now, and our copy follows Stripe’s answer', async () => {
    const { owner, subscriptionId } = await payingOwner()
    const { subscription_id } = (await subscriptionOf(owner)).body
    const later = await testApp.request
      .post('/api/plans/cancel-user-subscription/')
      .set(as(owner))
      .send({ subscription_id })
    expect(later.status).toBe(200)
    expect(later.body.subscription).toMatchObject({ cancel_at_period_end: true, subscription_status: true })
    expect(fake.subscriptions.get(subscriptionId)).toMatchObject({ cancel_at_period_end: true })
    const now = await testApp.request
      .post('/api/plans/cancel-user-subscription/')
      .set(as(owner))
      .send({ subscription_id, immediate: true })
    expect(now.body).toMatchObject({
      message: 'Subscription cancelled successfully',
      subscription: { status: 'cancelled', subscription_status: false },
    })
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('canceled')
  })

  it('acknowledges an event for a customer it does not know, and logs it', async () => {
    const stripe = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http' })
    const customer = await stripe.customers.create({ email: 'stranger@example.com' })
    const price = await ensureStripePrice(
      testApp.database,
      stripe,
      await testApp.database.prisma.planPrice.findUniqueOrThrow({ where: { id: 4 }, include: { plan: true } }),
    )
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price, quantity: 1 }],
      success_url: `${ORIGIN}/x`,
      cancel_url: `${ORIGIN}/y`,
    })
    const events = fake.completeCheckout(session.id)
    await deliverAll(events)
    expect(testApp.logLines.some((line) => line.msg === 'a Stripe event for a subscription we cannot place')).toBe(true)
  })
})
