// @database-specific: branches on the database kind; processes share the database
// Issue 17, Stripe: what changes a subscription besides paying and ending it. A second paid checkout
// replacing the first (cancelled at Stripe, so nobody pays twice), a plan change made in Stripe's portal,
// reads that arrive out of order within one second, a subscription Stripe no longer has, Stripe's
// `unpaid`, and the cancel and checkout refusals that must leave everything as it was.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import Stripe from 'stripe'
import { applyStripeSubscription } from '../../../server/billing/stripe/apply-stripe-subscription.ts'
import { ensureStripePrice } from '../../../server/billing/stripe/ensure-stripe-price.ts'
import { signUp } from '../../support/accounts.ts'
import { stripeConfigFor, type FakeStripeEvent } from '../../support/fake-stripe.ts'
import { giveShopifyBilledPlan } from '../../support/shopify-merchant-plan.ts'
import { startStripeTestbed, type StripeTestbed } from '../../support/stripe-testbed.ts'

let bed: StripeTestbed
let stripe: Stripe
beforeAll(async () => {
  bed = await startStripeTestbed()
  stripe = new Stripe(bed.fake.secretKey, { host: '127.0.0.1', port: bed.fake.port, protocol: 'http' })
})
afterAll(() => bed.close())

const rowsOf = (accountId: string) =>
  bed.testApp.database.prisma.subscription.findMany({ where: { accountId, provider: 'stripe' } })
const stripePriceOf = async (id: number) =>
  ensureStripePrice(
    bed.testApp.database,
    stripe,
    await bed.testApp.database.prisma.planPrice.findUniqueOrThrow({ where: { id }, include: { plan: true } }),
  )
/** An event about the subscription under a new id, as Stripe sends for every change: the handler reads the rest back. */
const eventAbout = (like: FakeStripeEvent, type: string): FakeStripeEvent =>
  ({ ...like, id: `evt_${type}_${Date.now()}_${Math.random()}`, type }) as FakeStripeEvent

describe('a subscription replaced, or changed in the portal', () => {
  /** Two checkouts started before either was paid; the first one's subscription started a minute earlier. */
  async function twoPaidCheckouts() {
    const owner = await signUp(bed.testApp)
    const idOf = (answer: Awaited<ReturnType<StripeTestbed['checkout']>>) =>
      new URL(answer.body.checkout_url as string).pathname.split('/').pop()!
    const firstSession = idOf(await bed.checkout(owner))
    const secondSession = idOf(await bed.checkout(owner, { price_id: 6 }))
    const firstEvents = bed.fake.completeCheckout(firstSession)
    const secondEvents = bed.fake.completeCheckout(secondSession)
    const firstId = String(bed.fake.checkoutSessions.get(firstSession)?.subscription)
    const secondId = String(bed.fake.checkoutSessions.get(secondSession)?.subscription)
    bed.fake.subscriptions.get(firstId)!.start_date -= 60
    return { owner, firstId, secondId, firstEvents, secondEvents }
  }

  /** The replaced subscription is cancelled at Stripe by the job; Stripe's word of it is delivered too. */
  async function replacedEndsAtStripe(subscriptionId: string) {
    await expect.poll(() => bed.fake.subscriptions.get(subscriptionId)?.status, { timeout: 10_000 }).toBe('canceled')
    const deleted = bed.fake.events.filter(
      (event) => event.type === 'customer.subscription.deleted' && event.data.object.id === subscriptionId,
    )
    expect(deleted).toHaveLength(1)
    await bed.deliverAll(deleted)
  }

  it.each([
    ['in the order they were paid', false],
    ['with the later one’s events first', true],
  ])(
    'two checkouts paid, events %s: the one started last is the plan, the other is cancelled at Stripe',
    async (_order, reversed) => {
      const { owner, firstId, secondId, firstEvents, secondEvents } = await twoPaidCheckouts()
      await bed.deliverAll(reversed ? [...secondEvents, ...firstEvents] : [...firstEvents, ...secondEvents])
      await replacedEndsAtStripe(firstId)
      expect(bed.fake.subscriptions.get(secondId)?.status).toBe('active')
      expect((await bed.subscriptionOf(owner)).body).toMatchObject({ plan_name: 'Pro 3', status: 'active' })
      const rows = await rowsOf(owner.userId)
      expect(rows.map((row) => [row.providerSubscriptionId, row.status, row.currentKey !== null]).sort()).toEqual(
        [
          [firstId, 'cancelled', false],
          [secondId, 'active', true],
        ].sort(),
      )
      // A late word that the first is live (a resend) neither brings it back nor cancels anything more.
      await bed.deliverAll([{ ...firstEvents[1]!, id: `evt_resend_${Date.now()}` } as FakeStripeEvent])
      expect((await bed.subscriptionOf(owner)).body).toMatchObject({ plan_name: 'Pro 3' })
      expect(bed.fake.subscriptions.get(secondId)?.status).toBe('active')
    },
  )

  it('a plan changed in Stripe’s portal becomes the plan, at the new price', async () => {
    const { owner, subscriptionId } = await bed.payingOwner()
    const subscription = await stripe.subscriptions.retrieve(subscriptionId)
    await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: subscription.items.data[0]!.id, price: await stripePriceOf(6) }],
    })
    await bed.deliverAll([bed.fake.events.at(-1)!])
    expect((await bed.subscriptionOf(owner)).body).toMatchObject({ plan_name: 'Pro 3', status: 'active' })
    const [row] = await rowsOf(owner.userId)
    expect(row).toMatchObject({ priceId: 6, currency: 'EGP', amountMinor: 200_000 })
  })
})

describe('reads out of order', () => {
  it('a read made a millisecond earlier in the same second changes nothing, whatever its status', async () => {
    const { owner, subscriptionId } = await bed.payingOwner()
    const active = await stripe.subscriptions.retrieve(subscriptionId)
    // A minute ahead (newer than the webhook's own read), half-way through its second.
    const readAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 60_500)
    const { prisma } = bed.testApp.database
    expect((await prisma.$transaction((tx) => applyStripeSubscription(tx, active, readAt))).outcome).toBe('applied')
    const earlier = new Date(readAt.getTime() - 1)
    const pastDue = { ...active, status: 'past_due' } as Stripe.Subscription
    expect((await prisma.$transaction((tx) => applyStripeSubscription(tx, pastDue, earlier))).outcome).toBe('stale')
    expect((await rowsOf(owner.userId))[0]).toMatchObject({ status: 'active', providerSyncedAt: readAt })
    const later = new Date(readAt.getTime() + 1)
    expect((await prisma.$transaction((tx) => applyStripeSubscription(tx, pastDue, later))).outcome).toBe('applied')
    expect((await rowsOf(owner.userId))[0]).toMatchObject({ status: 'past_due' })
  })

  it('Stripe’s unpaid (its retries given up, the subscription kept) ends the plan as expired', async () => {
    const { owner, subscriptionId, events } = await bed.payingOwner()
    bed.fake.subscriptions.get(subscriptionId)!.status = 'unpaid'
    await bed.deliverAll([eventAbout(events[1]!, 'customer.subscription.updated')])
    const ended = await bed.subscriptionOf(owner)
    expect(ended.status).toBe(410)
    expect(ended.body.subscription).toMatchObject({ status: 'expired', provider: 'stripe' })
  })

  it('an event about a subscription Stripe no longer has is acknowledged, recorded and logged', async () => {
    const { owner, subscriptionId, events } = await bed.payingOwner()
    bed.fake.subscriptions.delete(subscriptionId)
    const late = eventAbout(events[1]!, 'customer.subscription.updated')
    const answer = await bed.deliver(late)
    expect([answer.status, answer.body]).toEqual([200, { received: true }])
    expect(await bed.testApp.database.prisma.providerEvent.count({ where: { id: late.id } })).toBe(1)
    expect(
      bed.testApp.logLines.some((line) => line.outcome === 'missing' && line.subscriptionId === subscriptionId),
    ).toBe(true)
    expect((await bed.subscriptionOf(owner)).body).toMatchObject({ status: 'active' })
  })
})

describe('refusals that leave everything as it was', () => {
  it('a cancel Stripe fails leaves the subscription as it was', async () => {
    const { owner, subscriptionId } = await bed.payingOwner()
    const before = await rowsOf(owner.userId)
    const kept = bed.fake.subscriptions.get(subscriptionId)!
    bed.fake.subscriptions.delete(subscriptionId)
    const answer = await bed.testApp.request
      .post('/api/plans/cancel-user-subscription/')
      .set(bed.as(owner))
      .send({ subscription_id: (await bed.subscriptionOf(owner)).body.subscription_id, immediate: true })
    bed.fake.subscriptions.set(subscriptionId, kept)
    // Stripe answers 404 for the subscription: our answer is the upstream failure, and nothing changed.
    expect(answer.status).toBe(502)
    expect(await rowsOf(owner.userId)).toEqual(before)
  })

  it('an inactive price is not available', async () => {
    const owner = await signUp(bed.testApp)
    const { prisma } = bed.testApp.database
    await prisma.planPrice.update({ where: { id: 3 }, data: { isActive: false } })
    try {
      const answer = await bed.checkout(owner, { price_id: 3 })
      expect([answer.status, answer.body.message]).toEqual([400, 'Price not available for selected currency'])
    } finally {
      await prisma.planPrice.update({ where: { id: 3 }, data: { isActive: true } })
    }
  })

  it('a merchant’s Shopify subscription is cancelled in the Shopify admin, not here', async () => {
    const merchant = await signUp(bed.testApp)
    await giveShopifyBilledPlan(bed.testApp.database, merchant.userId, `m${Date.now()}.myshopify.com`)
    const { subscription_id } = (await bed.subscriptionOf(merchant)).body
    const answer = await bed.testApp.request
      .post('/api/plans/cancel-user-subscription/')
      .set(bed.as(merchant))
      .send({ subscription_id, immediate: true })
    expect([answer.status, answer.body.message, answer.body.managed_by]).toEqual([
      409,
      'Your plan is managed in your Shopify admin: open AgentDesk there to change it.',
      'shopify',
    ])
    expect((await bed.subscriptionOf(merchant)).body).toMatchObject({ status: 'active', provider: 'shopify' })
    // Checkout too, even for a price that does not exist: the merchant pays through Shopify, not here.
    const checkout = await bed.checkout(merchant, { price_id: 99 })
    expect([checkout.status, checkout.body.managed_by]).toEqual([409, 'shopify'])
  })
})

// The embedded database is held by the test's own process; the command runs against PostgreSQL.
describe.runIf(inject('databaseKind') === 'postgres')('npm run billing -- sync-stripe', () => {
  const billing = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['scripts/billing.ts', 'sync-stripe'], {
      env: { PATH: process.env.PATH, DATABASE_URL: bed.testApp.config.DATABASE_URL, LOG_LEVEL: 'silent', ...env },
    }).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code: number; stderr: string }) => ({ code: error.code, output: error.stderr }),
    )

  it('gives every active price its Stripe Price and says which, and needs a key', async () => {
    const synced = await billing(stripeConfigFor(bed.fake))
    expect(synced.code).toBe(0)
    const lines = synced.output.trim().split('\n')
    expect(lines).toHaveLength(14)
    for (const [index, line] of lines.entries()) {
      const stripePriceId = new RegExp(`^price ${index + 1} → (price_\\w+)$`).exec(line)?.[1]
      expect(bed.fake.prices.get(stripePriceId ?? '')?.lookup_key).toBe(`agentdesk_price_${index + 1}`)
    }
    expect(await billing({})).toEqual({ code: 2, output: 'sync-stripe needs STRIPE_SECRET_KEY.\n' })
  })
})
