import { randomUUID } from 'node:crypto'
import { Writable } from 'node:stream'
import { getHmac, getJwt } from '@shopify/shopify-api/test-helpers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../support/create-test-app.ts'
import { recordUsage } from '../../../server/usage/record-usage.ts'
import { setPlan } from '../../../server/billing/set-plan.ts'
import {
  API_KEY,
  API_SECRET,
  BROWSER,
  startEmbeddedAppTestbed,
  type EmbeddedAppTestbed,
} from './embedded-app-testbed.ts'

// The embedded app through the real Express server and the built React Router app: Shopify's session
// token, the token exchange with expiring offline tokens, the account made at installation, webhooks.
const STORE = 'agentdesk-test'
const SHOP = `${STORE}.myshopify.com`

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
  bed = await startEmbeddedAppTestbed({
    store: STORE,
    profile: { name: 'Test Gear', email: 'owner@test-gear.example', primaryDomain: 'https://test-gear.example' },
    logSink,
  })
  ;({ testDatabase, fakeShopify } = bed)
}, 120_000)

afterAll(async () => {
  await bed?.close()
})

const request = () => bed.request()
const sessionToken = (store = STORE) => bed.sessionToken(store)
const adminQuery = (idToken?: string) => bed.adminQuery(idToken)

describe('opening the app in the Shopify admin', () => {
  it('the app URL sends the admin on to the app, with its parameters, and a visitor to the login page', async () => {
    const fromAdmin = await request().get(`/shopify?${adminQuery()}`).set('User-Agent', BROWSER)
    expect(fromAdmin.status).toBe(302)
    expect(fromAdmin.headers.location).toBe(`/shopify/app?${adminQuery()}`)
    const visitor = await request().get('/shopify').set('User-Agent', BROWSER)
    expect(visitor.headers.location).toBe('/shopify/auth/login')
  })

  it('the admin opening the site root (where the Shopify CLI points the app URL) is sent on to /shopify', async () => {
    const atRoot = await request().get(`/?${adminQuery()}`).set('User-Agent', BROWSER)
    expect(atRoot.status).toBe(302)
    expect(atRoot.headers.location).toBe(`/shopify?${adminQuery()}`)
    // Anyone else at the root gets the dashboard, as before.
    const dashboard = await request().get('/').set('User-Agent', BROWSER)
    expect(dashboard.status).not.toBe(302)
  })

  it('without a session token, the document request is bounced to the session-token page', async () => {
    const response = await request().get(`/shopify/app?${adminQuery()}`).set('User-Agent', BROWSER)
    expect(response.status).toBe(302)
    const location = new URL(response.headers.location as string, 'https://agentdesk.example')
    expect(location.pathname).toBe('/shopify/auth/session-token')
    expect(location.searchParams.get('shop')).toBe(SHOP)
    expect(location.searchParams.get('shopify-reload')).toContain('https://agentdesk.example/shopify/app')
  })

  it('the session-token page loads App Bridge, and the admin may frame it', async () => {
    const response = await request().get(`/shopify/auth/session-token?${adminQuery()}`).set('User-Agent', BROWSER)
    expect(response.status).toBe(200)
    expect(response.text).toContain(`data-api-key="${API_KEY}"`)
    expect(response.text).toContain('https://cdn.shopify.com/shopifycloud/app-bridge.js')
    expect(response.headers['x-frame-options']).toBeUndefined()
    expect(response.headers['content-security-policy']).toContain(
      `frame-ancestors https://${SHOP} https://admin.shopify.com`,
    )
  })

  it('the exit-iframe page may run its own inline script, which carries no nonce', async () => {
    const response = await request()
      .get(`/shopify/auth/exit-iframe?${adminQuery()}&exitIframe=${encodeURIComponent('/shopify/app')}`)
      .set('User-Agent', BROWSER)
    expect(response.status).toBe(200)
    expect(response.text).toContain('window.open(')
    const scriptPolicy =
      String(response.headers['content-security-policy'])
        .split(', ')
        .find((policy) => policy.includes('script-src')) ?? ''
    expect(scriptPolicy).toContain("'unsafe-inline'")
    expect(scriptPolicy).not.toContain("'nonce-")
  })

  it('with a valid session token, exchanges it for an expiring offline token, stores the session and creates the shop account', async () => {
    const exchangesBefore = fakeShopify.exchanges.length
    const response = await request()
      .get(`/shopify/app?${adminQuery(await sessionToken())}`)
      .set('User-Agent', BROWSER)
    expect(response.status).toBe(200)
    expect(response.text).toContain('Agents')

    // The frame's loader and the screen's run at once, and each may exchange the token.
    const exchanges = fakeShopify.exchanges.slice(exchangesBefore)
    expect(exchanges.length).toBeGreaterThan(0)
    for (const exchange of exchanges)
      expect(exchange.body).toMatchObject({
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
        expiring: '1',
      })

    const row = await testDatabase.database.prisma.shopifySession.findUniqueOrThrow({
      where: { id: `offline_${SHOP}` },
    })
    expect(row).toMatchObject({
      shop: SHOP,
      isOnline: false,
      scope: 'read_products,read_content,read_legal_policies,write_app_proxy',
    })
    expect(row.expires?.getTime()).toBeGreaterThan(Date.now())
    expect(row.refreshTokenExpires?.getTime()).toBeGreaterThan(Date.now() + 80 * 24 * 3600 * 1000)
    // Sealed at rest: neither token is stored as Shopify sent it.
    expect(row.accessToken).toMatch(/^v1\./)
    expect(row.refreshToken).toMatch(/^v1\./)
    expect(row.accessToken).not.toContain('shpat_')

    const shop = await testDatabase.database.prisma.shopifyShop.findUniqueOrThrow({
      where: { shopDomain: SHOP },
      include: { account: true },
    })
    expect(shop).toMatchObject({
      shopName: 'Test Gear',
      storefrontUrl: 'https://test-gear.example',
      uninstalledAt: null,
    })
    expect(shop.account).toMatchObject({ email: `${SHOP}@shopify.invalid`, fullName: 'Test Gear', passwordHash: null })
    expect(fakeShopify.graphqlQueries.some((call) => call.shop === SHOP && call.query.includes('primaryDomain'))).toBe(
      true,
    )
  })

  it('the page names the shop, whose agents its API calls then read, under a policy with a nonce for its inline scripts and no X-Frame-Options', async () => {
    const shop = await testDatabase.database.prisma.shopifyShop.findUniqueOrThrow({ where: { shopDomain: SHOP } })
    await testDatabase.database.prisma.agent.create({
      data: { accountId: shop.accountId, name: 'Storefront helper', description: 'Answers about Test Gear' },
    })
    const response = await request()
      .get(`/shopify/app?${adminQuery(await sessionToken())}`)
      .set('User-Agent', BROWSER)
    expect(response.status).toBe(200)
    expect(response.text).toContain('Test Gear')
    // The agents themselves are drawn in the browser from the API, with the same session token.
    const agents = await request()
      .get('/api/agents/')
      .set('Authorization', `Bearer ${await sessionToken()}`)
    expect(agents.body.agents.map((agent: { name: string }) => agent.name)).toEqual(['Storefront helper'])
    expect(response.text).toMatch(
      /<head><meta charSet="utf-8"\/><meta name="shopify-api-key" content="test-shopify-client-id"\/><script src="https:\/\/cdn.shopify.com\/shopifycloud\/app-bridge.js">/,
    )
    expect(response.headers['x-frame-options']).toBeUndefined()
    const policies = String(response.headers['content-security-policy']).split(', ')
    const scriptPolicy = policies.find((policy) => policy.includes('script-src')) ?? ''
    const nonce = /'nonce-([^']+)'/.exec(scriptPolicy)?.[1]
    expect(nonce).toBeTruthy()
    expect(scriptPolicy).toContain("script-src 'self' https://cdn.shopify.com")
    expect(response.text).toContain(`nonce="${nonce}"`)
    expect(policies.some((policy) => policy.startsWith(`frame-ancestors https://${SHOP} `))).toBe(true)
  })

  it('a reinstallation reuses the shop account and clears uninstalledAt', async () => {
    const { prisma } = testDatabase.database
    const before = await prisma.shopifyShop.findUniqueOrThrow({ where: { shopDomain: SHOP } })
    await prisma.shopifyShop.update({ where: { id: before.id }, data: { uninstalledAt: new Date() } })
    await prisma.shopifySession.deleteMany({ where: { shop: SHOP } })
    const response = await request()
      .get(`/shopify/app?${adminQuery(await sessionToken())}`)
      .set('User-Agent', BROWSER)
    expect(response.status).toBe(200)
    const after = await prisma.shopifyShop.findUniqueOrThrow({ where: { shopDomain: SHOP } })
    expect(after).toMatchObject({ id: before.id, accountId: before.accountId, uninstalledAt: null })
    expect(await prisma.user.count({ where: { shopifyShops: { some: { shopDomain: SHOP } } } })).toBe(1)
  })

  it('a fetch request with a session token signed by someone else gets 401 and the retry header', async () => {
    const forged = (await getJwt(STORE, API_KEY, 'not-the-app-secret')).token
    const response = await request()
      .get('/shopify/app.data')
      .set('User-Agent', BROWSER)
      .set('Authorization', `Bearer ${forged}`)
    expect(response.status).toBe(401)
    expect(response.headers['x-shopify-retry-invalid-session-request']).toBe('1')
  })

  it('a fetch request with a valid session token is answered', async () => {
    const response = await request()
      .get('/shopify/app.data')
      .set('User-Agent', BROWSER)
      .set('Authorization', `Bearer ${await sessionToken()}`)
    expect(response.status).toBe(200)
    expect(response.text).toContain('Test Gear')
  })

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
      '>12K<',
      'of 400',
      'of 6.0M',
      'Pro 7',
      'Most Popular',
    ])
      expect(response.text).toContain(shown)
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

  it('a robot user agent is refused', async () => {
    const response = await request()
      .get(`/shopify/app?${adminQuery(await sessionToken())}`)
      .set('User-Agent', 'Googlebot/2.1 (+http://www.google.com/bot.html)')
    expect(response.status).toBe(410)
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

describe('the login page', () => {
  it('renders the shop-domain form outside the admin, without App Bridge', async () => {
    const response = await request().get('/shopify/auth/login').set('User-Agent', BROWSER)
    expect(response.status).toBe(200)
    expect(response.text).toContain('Shop domain')
    expect(response.text).not.toContain('app-bridge.js')
  })

  it('answers a HEAD request', async () => {
    const response = await request().head('/shopify/auth/login').set('User-Agent', BROWSER)
    expect(response.status).toBe(200)
  })

  it('sends a valid shop to Shopify to install the app', async () => {
    const response = await request().get(`/shopify/auth/login?shop=${STORE}`).set('User-Agent', BROWSER)
    expect(response.status).toBe(302)
    expect(response.headers.location).toBe(
      `https://admin.shopify.com/store/${STORE}/oauth/install?client_id=${API_KEY}`,
    )
  })
})

describe('when the Shopify app is not configured', () => {
  it('/shopify keeps answering the JSON 404', async () => {
    const unconfigured = await createTestApp()
    try {
      const response = await unconfigured.request.get('/shopify/app')
      expect(response.status).toBe(404)
      expect(response.headers['content-type']).toContain('application/json')
    } finally {
      await unconfigured.cleanup()
    }
  })
})
