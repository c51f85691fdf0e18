import { randomUUID } from 'node:crypto'
import { getHmac } from '@shopify/shopify-api/test-helpers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { settleJobs } from '../../support/shopify-testbed.ts'
import {
  API_KEY,
  API_SECRET,
  BROWSER,
  startEmbeddedAppTestbed,
  type EmbeddedAppTestbed,
} from './embedded-app-testbed.ts'

// Shopify Billing through the embedded app's real Plans screen and webhook route, the library's billing
// calls (request, check, cancel) answered by the fake Admin GraphQL: subscribe, the update webhook
// (repeated, late, forged), a lost webhook made good by billing.check, a plan change, cancel, uninstall.
const STORE = 'billing-gear'
const SHOP = `${STORE}.myshopify.com`

let bed: EmbeddedAppTestbed
let accountId: string

beforeAll(async () => {
  bed = await startEmbeddedAppTestbed({
    store: STORE,
    profile: {
      name: 'Billing Gear',
      email: 'owner@billing-gear.example',
      primaryDomain: 'https://billing-gear.example',
    },
    config: { SHOPIFY_BILLING_TEST: 'true' },
  })
  // Opening the app installs it: the shop account, with its free trial.
  const opened = await bed
    .request()
    .get(`/shopify/app?${bed.adminQuery(await bed.sessionToken())}`)
    .set('User-Agent', BROWSER)
  expect(opened.status).toBe(200)
  accountId = (await bed.testDatabase.database.prisma.shopifyShop.findUniqueOrThrow({ where: { shopDomain: SHOP } }))
    .accountId
}, 120_000)

afterAll(async () => {
  await bed?.close()
})

const prisma = () => bed.testDatabase.database.prisma
const plan = (name: string) => prisma().plan.findFirstOrThrow({ where: { name }, include: { prices: true } })
const current = () => prisma().subscription.findUnique({ where: { currentKey: accountId }, include: { plan: true } })

async function screen(path: string) {
  return bed
    .request()
    .get(`/shopify/app/${path}`)
    .set('User-Agent', BROWSER)
    .set('Authorization', `Bearer ${await bed.sessionToken()}`)
}

async function choose(form: Record<string, string>) {
  return bed
    .request()
    .post('/shopify/app/plans.data')
    .set('User-Agent', BROWSER)
    .set('Authorization', `Bearer ${await bed.sessionToken()}`)
    .type('form')
    .send(form)
}

/** Subscribe on the Plans screen: the answer App Bridge turns into a visit to Shopify's confirmation page. */
async function subscribeTo(name: string) {
  const response = await choose({ intent: 'subscribe', plan_id: String((await plan(name)).id) })
  expect(response.status).toBe(401)
  const confirmation = response.headers['x-shopify-api-request-failure-reauthorize-url'] as string
  expect(confirmation).toMatch(new RegExp(`^https://${SHOP}/admin/charges/`))
  const created = bed.fakeShopify.appSubscriptions.at(-1)!
  expect(created).toMatchObject({ shop: SHOP, name, status: 'PENDING' })
  return created
}

/** app_subscriptions/update as Shopify signs and sends it. */
async function subscriptionWebhook(
  subscription: { id: string; name: string },
  status: string,
  updatedAt: Date,
  { webhookId = randomUUID(), secret = API_SECRET } = {},
) {
  const body = JSON.stringify({
    app_subscription: {
      admin_graphql_api_id: subscription.id,
      name: subscription.name,
      status,
      admin_graphql_api_shop_id: 'gid://shopify/Shop/1',
      created_at: '2026-11-01T10:00:00-05:00',
      updated_at: updatedAt.toISOString(),
      currency: 'USD',
      capped_amount: null,
    },
  })
  const response = await bed
    .request()
    .post('/shopify/webhooks')
    .set('Content-Type', 'application/json')
    .set('X-Shopify-Hmac-Sha256', getHmac(body, secret))
    .set('X-Shopify-Topic', 'app_subscriptions/update')
    .set('X-Shopify-Shop-Domain', SHOP)
    .set('X-Shopify-API-Version', '2026-10')
    .set('X-Shopify-Webhook-Id', webhookId)
    .send(body)
  await settleJobs(bed.testDatabase.database)
  return response
}

describe('Shopify Billing for a merchant', () => {
  it('shows the seven plans with their limits, the trial as the current plan, and checks billing with Shopify', async () => {
    const checksBefore = bed.fakeShopify.graphqlQueries.filter((query) =>
      /activeSubscriptions/.test(query.query),
    ).length
    const response = await screen('plans.data')
    expect(response.status).toBe(200)
    for (const name of ['Pro 1', 'Pro 2', 'Pro 7']) expect(response.text).toContain(name)
    expect(response.text).toContain('trialing')
    expect(bed.fakeShopify.graphqlQueries.filter((query) => /activeSubscriptions/.test(query.query)).length).toBe(
      checksBefore + 1,
    )
    const page = await bed
      .request()
      .get(`/shopify/app/plans?${bed.adminQuery(await bed.sessionToken())}`)
      .set('User-Agent', BROWSER)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Current Plan: Pro 1')
    expect(page.text).toContain('Most Popular')
    expect(page.text).toContain('Test charges')
  })

  it('subscribes through Shopify: a test charge at the plan’s USD price, applied by the update webhook once, ending the trial', async () => {
    const pro2 = await plan('Pro 2')
    const usd = pro2.prices.find((price) => price.currency === 'USD')!
    const pending = await subscribeTo('Pro 2')
    expect(pending).toMatchObject({
      test: true,
      lineItems: [{ amount: (usd.amountMinor / 100).toFixed(2), currencyCode: 'USD', interval: 'EVERY_30_DAYS' }],
    })
    expect(pending.returnUrl).toBe(
      `https://admin.shopify.com/store/${STORE}/apps/${API_KEY}/app/plans?billing=returned`,
    )
    expect((await current())?.provider).toBe('trial')

    // Pending says nothing yet; the merchant approves; Shopify tells us.
    expect((await subscriptionWebhook(pending, 'PENDING', new Date(Date.now() - 60_000))).status).toBe(200)
    expect((await current())?.provider).toBe('trial')
    bed.fakeShopify.approveSubscription(pending.id)
    const webhookId = randomUUID()
    const activatedAt = new Date()
    expect((await subscriptionWebhook(pending, 'ACTIVE', activatedAt, { webhookId })).status).toBe(200)
    const paid = await current()
    expect(paid).toMatchObject({
      provider: 'shopify',
      providerSubscriptionId: pending.id,
      status: 'active',
      planId: pro2.id,
      priceId: usd.id,
      amountMinor: usd.amountMinor,
    })
    const trial = await prisma().subscription.findFirstOrThrow({ where: { accountId, provider: 'trial' } })
    expect(trial).toMatchObject({ status: 'cancelled', currentKey: null })

    // Delivered again (same id): one job; a late PENDING stamped the same second as the activation, or
    // before it: changes nothing.
    await subscriptionWebhook(pending, 'ACTIVE', activatedAt, { webhookId })
    expect(await prisma().job.count({ where: { kind: 'shopify-webhook', dedupeKey: webhookId } })).toBe(1)
    await subscriptionWebhook(pending, 'PENDING', activatedAt)
    await subscriptionWebhook(pending, 'PENDING', new Date(activatedAt.getTime() - 1_000))
    expect(await current()).toMatchObject({ id: paid!.id, status: 'active' })

    // The API's view of the same account sends the merchant to the Shopify admin; Stripe is not for them.
    const api = (path: string) => bed.request().get(`/api${path}`).set('Authorization', `Bearer ${sessionTokenForApi}`)
    const sessionTokenForApi = await bed.sessionToken()
    const view = await api('/plans/get-user-subscription/')
    expect(view.status).toBe(200)
    expect(view.body).toMatchObject({
      plan_name: 'Pro 2',
      provider: 'shopify',
      status: 'active',
      managed_in_shopify: `https://admin.shopify.com/store/${STORE}/apps/${API_KEY}/app/plans`,
    })
    const portal = await api('/plans/get-customer-portal-url/')
    expect(portal.status).toBe(409)
    expect(portal.body.detail ?? portal.body.message).toContain('managed in your Shopify admin')
    expect(await prisma().subscription.count({ where: { accountId } })).toBe(2)
  })

  it('refuses a forged update webhook without changing anything', async () => {
    const before = await current()
    const forged = await subscriptionWebhook(
      { id: before!.providerSubscriptionId!, name: 'Pro 2' },
      'CANCELLED',
      new Date(),
      { secret: 'not-the-app-secret' },
    )
    expect(forged.status).toBe(401)
    expect(await current()).toMatchObject({ id: before!.id, status: 'active' })
  })

  it('changes plan; when the webhooks are lost, billing.check on the return to Plans applies the new plan and ends the old one', async () => {
    const old = await current()
    const pro3 = await plan('Pro 3')
    const pending = await subscribeTo('Pro 3')
    bed.fakeShopify.approveSubscription(pending.id) // Shopify replaces Pro 2; no webhook arrives
    const returned = await screen(`plans.data?billing=returned&charge_id=${pending.id.split('/').at(-1)}`)
    expect(returned.status).toBe(200)
    expect(await current()).toMatchObject({
      provider: 'shopify',
      providerSubscriptionId: pending.id,
      planId: pro3.id,
      status: 'active',
    })
    expect(await prisma().subscription.findUniqueOrThrow({ where: { id: old!.id } })).toMatchObject({
      status: 'cancelled',
      currentKey: null,
    })

    // The old subscription's own word arrives late: it stays ended, and the new plan stays current.
    await subscriptionWebhook(
      { id: old!.providerSubscriptionId!, name: 'Pro 2' },
      'ACTIVE',
      new Date(Date.now() - 120_000),
    )
    expect(await current()).toMatchObject({ providerSubscriptionId: pending.id })
    // Subscribing to the plan the shop already has is refused plainly.
    const again = await choose({ intent: 'subscribe', plan_id: String(pro3.id) })
    expect(again.status).toBe(200)
    expect(again.text).toContain('You are already on Pro 3.')
  })

  it('refuses a plan that does not exist, and a malformed choice', async () => {
    const unknown = await choose({ intent: 'subscribe', plan_id: '9999' })
    expect(unknown.text).toContain('This plan is not available.')
    const malformed = await choose({ intent: 'subscribe', plan_id: 'pro' })
    expect(malformed.text).toContain('Please choose a plan')
    expect((await choose({ intent: 'refund' })).status).toBe(200)
  })

  it('keeps the plan frozen to the end of the period paid for, even renamed and looked at again, and lets ACTIVE bring it back', async () => {
    const live = await current()
    // The operator renames the plan meanwhile: Shopify's word about a subscription we hold still applies.
    await prisma().plan.update({ where: { id: live!.planId }, data: { name: 'Pro 3 (2025)' } })
    await subscriptionWebhook({ id: live!.providerSubscriptionId!, name: 'Pro 3' }, 'FROZEN', new Date())
    const frozen = await prisma().subscription.findUniqueOrThrow({ where: { id: live!.id } })
    expect(frozen).toMatchObject({
      status: 'past_due',
      currentKey: accountId,
      planId: live!.planId,
      amountMinor: live!.amountMinor,
    })
    expect(frozen.currentPeriodEnd.getTime()).toBeGreaterThan(Date.now())
    expect(frozen.currentPeriodEnd.getTime()).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000)
    // The owner is told, in Shopify's words: the store's own bill is what is unpaid.
    const notified = await bed
      .request()
      .get('/api/notifications/')
      .set('Authorization', `Bearer ${await bed.sessionToken()}`)
    expect(notified.body.notifications).toContainEqual(
      expect.objectContaining({
        kind: 'subscription',
        title: 'Your last payment failed',
        message: expect.stringContaining("Your store's Shopify bill is unpaid."),
      }),
    )
    // Opening Plans while frozen (billing.check no longer lists it) neither ends the plan nor stretches it.
    bed.fakeShopify.appSubscriptions.find((subscription) => subscription.id === live!.providerSubscriptionId)!.status =
      'FROZEN'
    expect((await screen('plans.data')).status).toBe(200)
    expect(await prisma().subscription.findUniqueOrThrow({ where: { id: live!.id } })).toMatchObject({
      status: 'past_due',
      currentKey: accountId,
      currentPeriodEnd: frozen.currentPeriodEnd,
    })
    bed.fakeShopify.appSubscriptions.find((subscription) => subscription.id === live!.providerSubscriptionId)!.status =
      'ACTIVE'
    await prisma().plan.update({ where: { id: live!.planId }, data: { name: 'Pro 3' } })
    await subscriptionWebhook({ id: live!.providerSubscriptionId!, name: live!.plan.name }, 'ACTIVE', new Date())
    expect(await current()).toMatchObject({ id: live!.id, status: 'active' })
  })

  it('cancels through Shopify: the charge is cancelled there and the plan ends here', async () => {
    const live = await current()
    const response = await choose({ intent: 'cancel' })
    expect(response.status).toBe(200)
    expect(response.text).toContain('subscription is cancelled')
    expect(
      bed.fakeShopify.appSubscriptions.find((subscription) => subscription.id === live!.providerSubscriptionId)?.status,
    ).toBe('CANCELLED')
    expect(await current()).toBeNull()
    expect(await prisma().subscription.findUniqueOrThrow({ where: { id: live!.id } })).toMatchObject({
      status: 'cancelled',
    })
    expect((await choose({ intent: 'cancel' })).text).toContain('no subscription billed through Shopify')
  })

  it('follows each of Shopify’s words by webhook: DECLINED gives nothing, EXPIRED and CANCELLED end the plan', async () => {
    const declined = await subscribeTo('Pro 2')
    await subscriptionWebhook(declined, 'DECLINED', new Date())
    expect(await current()).toBeNull()
    expect(await prisma().subscription.count({ where: { providerSubscriptionId: declined.id } })).toBe(0)

    for (const [name, word, status] of [
      ['Pro 2', 'EXPIRED', 'expired'],
      ['Pro 4', 'CANCELLED', 'cancelled'],
    ] as const) {
      const pending = await subscribeTo(name)
      bed.fakeShopify.approveSubscription(pending.id)
      await subscriptionWebhook(pending, 'ACTIVE', new Date(Date.now() - 2_000))
      expect(await current()).toMatchObject({ providerSubscriptionId: pending.id, status: 'active' })
      await subscriptionWebhook(pending, word, new Date())
      expect(await current()).toBeNull()
      expect(
        await prisma().subscription.findFirstOrThrow({ where: { providerSubscriptionId: pending.id } }),
      ).toMatchObject({ status, currentKey: null })
    }
  })

  it('ends the Shopify subscription when the app is uninstalled', async () => {
    const pending = await subscribeTo('Pro 1')
    bed.fakeShopify.approveSubscription(pending.id)
    await subscriptionWebhook(pending, 'ACTIVE', new Date())
    expect(await current()).toMatchObject({ providerSubscriptionId: pending.id })
    const body = JSON.stringify({ id: 1, domain: SHOP })
    const uninstalled = await bed
      .request()
      .post('/shopify/webhooks')
      .set('Content-Type', 'application/json')
      .set('X-Shopify-Hmac-Sha256', getHmac(body, API_SECRET))
      .set('X-Shopify-Topic', 'app/uninstalled')
      .set('X-Shopify-Shop-Domain', SHOP)
      .set('X-Shopify-API-Version', '2026-10')
      .set('X-Shopify-Webhook-Id', randomUUID())
      .send(body)
    expect(uninstalled.status).toBe(200)
    await settleJobs(bed.testDatabase.database)
    expect(await current()).toBeNull()
    expect(
      await prisma().subscription.findFirstOrThrow({ where: { providerSubscriptionId: pending.id } }),
    ).toMatchObject({ status: 'cancelled' })
    // A late word that a subscription is live, after the uninstall, gives nothing.
    await subscriptionWebhook(pending, 'ACTIVE', new Date())
    await subscriptionWebhook({ id: 'gid://shopify/AppSubscription/999999', name: 'Pro 4' }, 'ACTIVE', new Date())
    expect(await current()).toBeNull()
    expect(
      await prisma().subscription.count({ where: { providerSubscriptionId: 'gid://shopify/AppSubscription/999999' } }),
    ).toBe(0)
  })
})
