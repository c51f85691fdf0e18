import { getJwt } from '@shopify/shopify-api/test-helpers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../support/create-test-app.ts'
import { API_KEY, BROWSER, type EmbeddedAppTestbed } from './embedded-app-testbed.ts'
import { SHOP, STORE, startTestGearApp } from './test-gear-app.ts'

// Opening the embedded app through the real Express server and the built React Router app: Shopify's
// session token, the token exchange with expiring offline tokens and the account made at installation
// (the tests after that one open the installed app), and the login page outside the admin.
let bed: EmbeddedAppTestbed
let testDatabase: EmbeddedAppTestbed['testDatabase']
let fakeShopify: EmbeddedAppTestbed['fakeShopify']

beforeAll(async () => {
  bed = await startTestGearApp()
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
      scope: 'read_products,read_content,read_legal_policies,read_orders,write_app_proxy',
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

  it('a robot user agent is refused', async () => {
    const response = await request()
      .get(`/shopify/app?${adminQuery(await sessionToken())}`)
      .set('User-Agent', 'Googlebot/2.1 (+http://www.google.com/bot.html)')
    expect(response.status).toBe(410)
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
