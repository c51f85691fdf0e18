import { randomUUID } from 'node:crypto'
import { Writable } from 'node:stream'
import { getHmac } from '@shopify/shopify-api/test-helpers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setPlan } from '../../../server/billing/set-plan.ts'
import { recordUsage } from '../../../server/usage/record-usage.ts'
import { API_SECRET, BROWSER, type EmbeddedAppTestbed } from './embedded-app-testbed.ts'
import { SHOP, STORE, installTestGear, startTestGearApp } from './test-gear-app.ts'

// The installed embedded app through the real Express server and the built React Router app (the set-up
// opens it once, as the admin does): its screens' actions (the e-mail sign-in, the store import, the
// storefront widget, the usage, a plan's refusal), no token in the log they leave, and Shopify's
// webhooks. One file, not two: each file builds the React Router app again, which takes longer than these tests.
let bed: EmbeddedAppTestbed
let testDatabase: EmbeddedAppTestbed['testDatabase']
let fakeShopify: EmbeddedAppTestbed['fakeShopify']
const logged: string[] = []
const logSink = new Writable({
  write(chunk, _encoding, done) {
    logged.push(String(chunk))
    done()
  },
})

beforeAll(async () => {
  bed = await startTestGearApp(logSink)
  ;({ testDatabase, fakeShopify } = bed)
  await installTestGear(bed)
}, 120_000)

afterAll(async () => {
  await bed?.close()
})

const request = () => bed.request()
const sessionToken = (store = STORE) => bed.sessionToken(store)
const adminQuery = (idToken?: string) => bed.adminQuery(idToken)

describe('opening the app in the Shopify admin', () => {
  it('the embedded sign-in screen gives the shop account an e-mail sign-in', async () => {
    const response = await request()
      .post('/shopify/app/sign-in.data')
      .set('User-Agent', BROWSER)
      .set('Authorization', `Bearer ${await sessionToken()}`)
      .type('form')
      .send({ email: 'merchant@test-gear.example', password: 'Correct-Horse-9' })
    expect(response.status).toBe(200)
    const shop = await testDatabase.database.prisma.shopifyShop.findUniqueOrThrow({
      where: { shopDomain: SHOP },
      include: { account: true },
    })
    expect(shop.account.email).toBe('merchant@test-gear.example')
    expect(shop.account.passwordHash).toMatch(/^\$argon2id\$/)
  })

  it('the Knowledge screen starts the store import into an agent of the shop account, as durable jobs', async () => {
    const shop = await testDatabase.database.prisma.shopifyShop.findUniqueOrThrow({ where: { shopDomain: SHOP } })
    const agent = await testDatabase.database.prisma.agent.create({
      data: { accountId: shop.accountId, name: 'Catalogue expert' },
    })
    const post = async (form: Record<string, string>) =>
      request()
        .post('/shopify/app/knowledge.data')
        .set('User-Agent', BROWSER)
        .set('Authorization', `Bearer ${await sessionToken()}`)
        .type('form')
        .send(form)
    const started = await post({ intent: 'import', agent_id: agent.id })
    expect(started.status).toBe(200)
    expect(started.text).toContain('Store import started')
    const jobs = await testDatabase.database.prisma.job.findMany({
      where: { agentId: agent.id },
      orderBy: { kind: 'asc' },
    })
    expect(jobs.map((job) => job.kind)).toEqual(['shopify-import-catalogue', 'shopify-import-content'])
    // An agent of another account is refused, and nothing is queued for it.
    const stranger = await testDatabase.database.prisma.user.create({
      data: { email: 'stranger@example.com', fullName: 'Stranger' },
    })
    const theirs = await testDatabase.database.prisma.agent.create({
      data: { accountId: stranger.id, name: 'Not yours' },
    })
    const refused = await post({ intent: 'import', agent_id: theirs.id })
    expect(refused.text).not.toContain('Store import started')
    expect(await testDatabase.database.prisma.job.count({ where: { agentId: theirs.id } })).toBe(0)
  })

  it('the Widget screen puts an agent on the storefront: an integration for the store domain and the keys in app metafields', async () => {
    const shop = await testDatabase.database.prisma.shopifyShop.findUniqueOrThrow({ where: { shopDomain: SHOP } })
    const agent = await testDatabase.database.prisma.agent.create({
      data: { accountId: shop.accountId, name: 'Storefront answers' },
    })
    const response = await request()
      .post('/shopify/app/widget.data')
      .set('User-Agent', BROWSER)
      .set('Authorization', `Bearer ${await sessionToken()}`)
      .type('form')
      .send({ agent_id: agent.id })
    expect(response.status).toBe(200)
    expect(response.text).toContain('The chat widget is ready')
    const connected = await testDatabase.database.prisma.shopifyShop.findUniqueOrThrow({
      where: { id: shop.id },
      include: { widgetIntegration: true },
    })
    expect(connected.agentId).toBe(agent.id)
    expect(connected.widgetIntegration).toMatchObject({
      agentId: agent.id,
      websiteDomain: 'test-gear.example',
      isActive: true,
    })
    expect(fakeShopify.appMetafields.get(`${SHOP} agentdesk.widget_key`)).toBe(connected.widgetIntegration?.clientKey)
    expect(fakeShopify.appMetafields.get(`${SHOP} agentdesk.server_url`)).toBe('https://agentdesk.example')
    // Choosing another agent switches the first widget off: one widget answers per store.
    const other = await testDatabase.database.prisma.agent.create({
      data: { accountId: shop.accountId, name: 'Second answerer' },
    })
    await request()
      .post('/shopify/app/widget.data')
      .set('User-Agent', BROWSER)
      .set('Authorization', `Bearer ${await sessionToken()}`)
      .type('form')
      .send({ agent_id: other.id })
    const switched = await testDatabase.database.prisma.shopifyShop.findUniqueOrThrow({
      where: { id: shop.id },
      include: { widgetIntegration: true },
    })
    expect(switched.widgetIntegration).toMatchObject({ agentId: other.id, isActive: true })
    expect(
      await testDatabase.database.prisma.widgetIntegration.findUniqueOrThrow({
        where: { id: connected.widgetIntegrationId ?? '' },
      }),
    ).toMatchObject({ isActive: false })
    expect(fakeShopify.appMetafields.get(`${SHOP} agentdesk.widget_key`)).toBe(switched.widgetIntegration?.clientKey)
  })

  it('the Usage screen shows the shop account’s plan, its limits and what this period used of them', async () => {
    const shop = await testDatabase.database.prisma.shopifyShop.findUniqueOrThrow({ where: { shopDomain: SHOP } })
    await recordUsage(testDatabase.database, {
      accountId: shop.accountId,
      amounts: { conversations: 7, messages: 41, tokens: 12_345 },
    })
    const response = await request()
      .get(`/shopify/app/usage?${adminQuery(await sessionToken())}`)
      .set('User-Agent', BROWSER)
    expect(response.status).toBe(200)
    // The install started the 14-day trial of the default plan.
    for (const shown of [
      'Current Plan: Pro 1',
      'Free trial: 14 days left',
      'Conversations',
      'Messages',
      'Tokens',
      '>7<',
      '>41<',
      '>12,345<',
      'of 400',
      'of 6.0M',
      'Pro 7',
      'Most Popular',
    ])
      expect(response.text).toContain(shown)
  })

  it('the home screen shows the sales from chat for the chosen period: chats, products shown, carts, orders, revenue', async () => {
    const { prisma } = testDatabase.database
    const shop = await prisma.shopifyShop.findUniqueOrThrow({ where: { shopDomain: SHOP } })
    const home = async (period: string) => {
      const response = await request()
        .get(`/shopify/app?${adminQuery(await sessionToken())}&period=${period}`)
        .set('User-Agent', BROWSER)
      expect(response.status).toBe(200)
      return response.text
    }
    expect(await home('30')).toContain('No storefront chats in this period yet.')
    const agent = await prisma.agent.create({ data: { accountId: shop.accountId, name: 'Storefront seller' } })
    const integration = await prisma.widgetIntegration.create({
      data: {
        accountId: shop.accountId,
        agentId: agent.id,
        websiteName: 'Storefront',
        websiteDomain: 'test-gear.example',
        clientKey: `ck_${randomUUID()}`,
        startMessage: 'Hello!',
      },
    })
    await prisma.shopifyShop.update({ where: { id: shop.id }, data: { widgetIntegrationId: integration.id } })
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000)
    const chats = []
    for (const days of [1, 2, 3, 40]) {
      const conversation = await prisma.conversation.create({
        data: {
          accountId: shop.accountId,
          agentId: agent.id,
          name: 'Shopper',
          channel: 'shopify',
          widgetIntegrationId: integration.id,
          createdAt: daysAgo(days),
        },
      })
      chats.push(conversation.id)
    }
    const event = (kind: string, conversationId: string, days: number) => ({
      shopId: shop.id,
      conversationId,
      kind,
      productGid: 'gid://shopify/Product/1',
      createdAt: daysAgo(days),
    })
    await prisma.storefrontEvent.createMany({
      data: [
        event('product_shown', chats[0]!, 1),
        event('product_shown', chats[1]!, 2),
        event('product_shown', chats[2]!, 3),
        event('added_to_cart', chats[0]!, 1),
        event('added_to_cart', chats[3]!, 40),
      ],
    })
    await prisma.assistedOrder.create({
      data: {
        shopId: shop.id,
        orderGid: 'gid://shopify/Order/77',
        orderName: '#1077',
        conversationId: chats[0]!,
        totalMinor: 12_950n,
        currencyCode: 'USD',
        orderedAt: daysAgo(1),
      },
    })
    const month = await home('30')
    for (const shown of ['Sales from chat', 'Products shown', '$129.50', '33.3%', '3 chats, 1 added to cart'])
      expect([shown, month.includes(shown)]).toEqual([shown, true])
    // 90 days reaches the chat of 40 days ago and its cart addition.
    expect(await home('90')).toContain('4 chats, 2 added to cart')
  })

  it('creating an agent past the plan shows why, with an Upgrade Plan action that opens the plan', async () => {
    const shop = await testDatabase.database.prisma.shopifyShop.findUniqueOrThrow({
      where: { shopDomain: SHOP },
      include: { account: true },
    })
    const agents = await testDatabase.database.prisma.agent.count({ where: { accountId: shop.accountId } })
    await testDatabase.database.prisma.plan.create({
      data: {
        id: 60,
        name: 'Small',
        conversationLimit: 10,
        messageLimit: 10,
        tokenLimit: 10_000n,
        widgetLimit: 5,
        teamMemberLimit: 1,
        agentLimit: agents,
      },
    })
    await setPlan(testDatabase.database, {
      email: shop.account.email,
      plan: 'Small',
      until: new Date(Date.now() + 30 * 86_400_000),
    })
    const refused = await request()
      .post('/shopify/app/knowledge.data')
      .set('User-Agent', BROWSER)
      .set('Authorization', `Bearer ${await sessionToken()}`)
      .type('form')
      .send({ intent: 'create-agent', name: 'One too many' })
    expect(refused.status).toBe(200)
    expect(refused.text).toContain(`Your plan allows ${agents} agents. Upgrade your plan to add more.`)
    expect(refused.text).toContain('upgrade')
    expect(await testDatabase.database.prisma.agent.count({ where: { accountId: shop.accountId } })).toBe(agents)
    const upgrade = await request()
      .get(`/shopify/app/payment?${adminQuery(await sessionToken())}`)
      .set('User-Agent', BROWSER)
    expect(upgrade.status).toBe(200)
    expect(upgrade.text).toContain('Current Plan: Small')
  })

  it('no Shopify token or session token reaches the log', async () => {
    const token = await sessionToken()
    await request()
      .get(`/shopify/app?${adminQuery(token)}`)
      .set('User-Agent', BROWSER)
    const log = logged.join('')
    expect(log).toContain('shopify') // the library's lines join ours
    expect(log).not.toMatch(/shpat_|shprt_/)
    expect(log).not.toContain(token)
  })
})

describe('webhooks', () => {
  const webhook = (
    body: string,
    hmac: string,
    path = '/shopify/webhooks',
    topic = 'products/update',
    webhookId: string = randomUUID(),
  ) =>
    request()
      .post(path)
      .set('Content-Type', 'application/json')
      .set('X-Shopify-Hmac-Sha256', hmac)
      .set('X-Shopify-Topic', topic)
      .set('X-Shopify-Shop-Domain', SHOP)
      .set('X-Shopify-API-Version', '2026-10')
      .set('X-Shopify-Webhook-Id', webhookId)
      .send(body)
  const jobsOf = (webhookId: string) =>
    testDatabase.database.prisma.job.findMany({ where: { kind: 'shopify-webhook', dedupeKey: webhookId } })

  it('a webhook signed with the app secret is answered 200 and becomes one durable job, however often it is delivered', async () => {
    const body = JSON.stringify({ id: 1, admin_graphql_api_id: 'gid://shopify/Product/1', title: 'Trail shoe' })
    const webhookId = randomUUID()
    expect(
      (await webhook(body, getHmac(body, API_SECRET), '/shopify/webhooks', 'products/update', webhookId)).status,
    ).toBe(200)
    expect(
      (await webhook(body, getHmac(body, API_SECRET), '/shopify/webhooks', 'products/update', webhookId)).status,
    ).toBe(200)
    const jobs = await jobsOf(webhookId)
    expect(jobs).toHaveLength(1)
    expect(jobs[0]?.payload).toMatchObject({ topic: expect.stringMatching(/products.update/i), shop: SHOP })
  })

  it('a compliance webhook signed with the app secret is answered 200 at its own address and queued', async () => {
    const body = JSON.stringify({ shop_id: 1, shop_domain: SHOP })
    const webhookId = randomUUID()
    const response = await webhook(
      body,
      getHmac(body, API_SECRET),
      '/shopify/webhooks/compliance',
      'shop/redact',
      webhookId,
    )
    expect(response.status).toBe(200)
    expect(await jobsOf(webhookId)).toHaveLength(1)
  })

  it('a signed webhook whose payload cannot be read is answered 400 and queues nothing', async () => {
    const body = JSON.stringify({ title: 'no id at all' })
    const webhookId = randomUUID()
    expect(
      (await webhook(body, getHmac(body, API_SECRET), '/shopify/webhooks', 'products/update', webhookId)).status,
    ).toBe(400)
    expect(await jobsOf(webhookId)).toHaveLength(0)
  })

  it('a webhook with a wrong HMAC is answered 401 and queues nothing', async () => {
    const body = JSON.stringify({ admin_graphql_api_id: 'gid://shopify/Product/1' })
    const webhookId = randomUUID()
    const response = await webhook(
      body,
      getHmac(body, 'another-secret'),
      '/shopify/webhooks',
      'products/update',
      webhookId,
    )
    expect(response.status).toBe(401)
    expect(await jobsOf(webhookId)).toHaveLength(0)
  })

  it('a webhook whose body was changed after signing is answered 401', async () => {
    const signed = JSON.stringify({ admin_graphql_api_id: 'gid://shopify/Product/1' })
    const response = await webhook(
      JSON.stringify({ admin_graphql_api_id: 'gid://shopify/Product/2' }),
      getHmac(signed, API_SECRET),
    )
    expect(response.status).toBe(401)
  })
})
