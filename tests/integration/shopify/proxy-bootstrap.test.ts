// The app proxy bootstrap: a request Shopify signed gets a widget session for the shop, and the real
// public widget API then takes its token for a whole chat.
import { Writable } from 'node:stream'
import express from 'express'
import supertest from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../server/errors/app-error.ts'
import { handleErrors } from '../../../server/http/handle-errors.ts'
import { logRequests } from '../../../server/http/log-requests.ts'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { loadServerSecrets } from '../../../server/secrets/load-server-secrets.ts'
import { shopifyProxyRoutes } from '../../../server/http/shopify/app-proxy.routes.ts'
import { widgetSettingsOf } from '../../../server/widgets/public/widget-settings.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { startChatTestbed, type ChatTestbed } from '../../support/chat-testbed.ts'
import type { TestApp } from '../../support/create-test-app.ts'
import { signedProxyQuery } from '../../support/signed-proxy-query.ts'
import { readBodyAsText } from '../../support/read-body-as-text.ts'

const SECRET_KEY = 'shopify-proxy-tests-secret-key-with-enough-length-0123'
const PROXY_SECRET = 'shpss_proxy_test_secret'
const STOREFRONT = 'https://shop.example.com'
let testbed: ChatTestbed
let testApp: TestApp
let owner: SignedUp
let agentId: string
let proxy: supertest.Agent
let refuseStarts = false
let startsCounted = 0
let shopCounter = 0

beforeAll(async () => {
  testbed = await startChatTestbed({ SECRET_KEY })
  ;({ testApp, owner, agentId } = testbed)
  const secrets = await loadServerSecrets(testApp.database, testApp.config)
  // Mounted as the lead mounts it in server/http/create-http-app.ts: under /shopify/proxy, with the one error handler.
  const app = express()
  app.use(logRequests(createLogger(testApp.config, new Writable({ write: (_chunk, _encoding, done) => done() }))))
  const limitStart = async () => {
    startsCounted += 1
    if (refuseStarts)
      throw new AppError('RATE_LIMITED', 'Too many chat sessions. Please try again in 60 seconds.', { retry_after: 60 })
  }
  app.use(
    '/shopify/proxy',
    shopifyProxyRoutes({
      database: testApp.database,
      secret: PROXY_SECRET,
      settings: widgetSettingsOf(testApp.config, { tokenKey: secrets.widgetTokenKey, sealingKey: secrets.sealingKey }),
      limitStart,
    }),
  )
  app.use(handleErrors)
  proxy = supertest(app)
})
afterAll(async () => testbed.close())
beforeEach(() => {
  refuseStarts = false
  startsCounted = 0
})

async function newIntegration(account: SignedUp, agent: string, fields: Record<string, unknown> = {}) {
  const response = await testApp.request
    .post(`/api/agents/${agent}/integrations/frontend/`)
    .set(bearer(account.access))
    .send({ website_name: 'Demo store', website_domain: 'shop.example.com', ...fields })
  expect(response.status).toBe(201)
  return response.body as { client_key: string; integration_id: string }
}

/** A shop with the app installed, its storefront on shop.example.com, and its widget integration. */
async function installedShop(
  overrides: { uninstalledAt?: Date; widgetIntegrationId?: string | null; accountId?: string } = {},
) {
  shopCounter += 1
  const shopDomain = `demo-store-${shopCounter}.myshopify.com`
  const integration = await newIntegration(owner, agentId)
  await testApp.database.prisma.shopifyShop.create({
    data: {
      shopDomain,
      accountId: overrides.accountId ?? owner.userId,
      agentId,
      widgetIntegrationId:
        overrides.widgetIntegrationId === undefined ? integration.integration_id : overrides.widgetIntegrationId,
      storefrontUrl: STOREFRONT,
      uninstalledAt: overrides.uninstalledAt ?? null,
    },
  })
  return { shopDomain, ...integration }
}

/** The query Shopify forwards through the app proxy, signed with the app's secret. */
function signedQuery(
  shop: string,
  customerId = '',
  options: { secret?: string; timestamp?: number; extra?: [string, string][] } = {},
) {
  const entries: [string, string][] = [
    ['shop', shop],
    ['logged_in_customer_id', customerId],
    ['path_prefix', '/apps/agentdesk'],
    ['timestamp', String(options.timestamp ?? Math.trunc(Date.now() / 1000))],
    ...(options.extra ?? []),
  ]
  const query = signedProxyQuery(entries, options.secret ?? PROXY_SECRET)
  return query.toString()
}

// Shopify forwards the shopper's request; a same-origin fetch carries the page as Referer.
const bootstrap = (query: string, referer: string | null = `${STOREFRONT}/products/blue-lamp`) => {
  const request = proxy.get(`/shopify/proxy/bootstrap?${query}`)
  return referer ? request.set('Referer', referer) : request
}

const sessionCount = () => testApp.database.prisma.widgetSession.count()

describe('a signed bootstrap', () => {
  it('gives a signed-in customer a token the public widget API takes for a whole chat', async () => {
    const shop = await installedShop()
    const response = await bootstrap(signedQuery(shop.shopDomain, '7702'))
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toMatchObject({
      expires_in: 900,
      configuration: {
        client_key: shop.client_key,
        bot_name: 'Assistant',
        start_message: 'Hello! How can I help you today?',
      },
    })
    expect(response.body.visitor_id).toMatch(/^v_/)
    expect(response.body.refresh_token).toMatch(/^wr_/)
    expect(JSON.stringify(response.body)).not.toContain('shop.example.com')

    const auth = { Authorization: `Bearer ${response.body.token}`, Origin: STOREFRONT }
    const conversation = await testApp.request.post('/api/conversations/api/create/').set(auth).send({})
    expect(conversation.status).toBe(201)
    const answer = await testApp.request
      .post(`/api/conversations/api/chat/${conversation.body.conversation_id}/`)
      .set(auth)
      .send({ message_text: 'How long do I have to return a product?' })
    expect(answer.status).toBe(200)
    expect(answer.body.ai_message.sources[0].title).toBe('Returns policy')

    const session = await testApp.database.prisma.widgetSession.findFirstOrThrow({
      where: { visitorId: response.body.visitor_id },
    })
    expect(session).toMatchObject({
      shopifyCustomerId: '7702',
      origin: STOREFRONT,
      widgetIntegrationId: shop.integration_id,
      accountId: owner.userId,
    })
    expect(startsCounted).toBe(1)
  })

  it('streams the answer over Server-Sent Events with the bootstrapped token', async () => {
    const shop = await installedShop()
    const { body } = await bootstrap(signedQuery(shop.shopDomain))
    const auth = { Authorization: `Bearer ${body.token}`, Origin: STOREFRONT }
    const conversation = await testApp.request.post('/api/conversations/api/create/').set(auth).send({})
    const streamed = await testApp.request
      .post(`/api/conversations/api/chat/${conversation.body.conversation_id}/?stream=true`)
      .set(auth)
      .send({ message_text: 'Returns?' })
      .buffer(true)
      .parse(readBodyAsText)
    expect(streamed.headers['content-type']).toMatch(/^text\/event-stream/)
    expect(streamed.body as string).toContain('event: token')
    expect(streamed.body as string).toMatch(/event: done\n/)
  })

  it('renews with its refresh token like any widget session, and keeps no customer for a guest', async () => {
    const shop = await installedShop()
    const { body } = await bootstrap(signedQuery(shop.shopDomain, ''))
    const renewed = await testApp.request
      .post('/api/conversations/api/tokens/refresh/')
      .set('Origin', STOREFRONT)
      .send({ refresh_token: body.refresh_token })
    expect(renewed.status).toBe(200)
    expect(renewed.body.visitor_id).toBe(body.visitor_id)
    const session = await testApp.database.prisma.widgetSession.findFirstOrThrow({
      where: { visitorId: body.visitor_id },
    })
    expect(session.shopifyCustomerId).toBeNull()
  })

  it('binds the token to the shop’s storefront when the request names no page, and other sites cannot use it', async () => {
    const shop = await installedShop()
    const { status, body } = await bootstrap(signedQuery(shop.shopDomain), null)
    expect(status).toBe(200)
    const create = (origin: string) =>
      testApp.request
        .post('/api/conversations/api/create/')
        .set({ Authorization: `Bearer ${body.token}`, Origin: origin })
        .send({})
    expect((await create('https://evil.example.net')).status).toBe(403)
    expect((await create(STOREFRONT)).status).toBe(201)
  })

  it('refuses a page on a site that is not the integration’s', async () => {
    const shop = await installedShop()
    const before = await sessionCount()
    const response = await bootstrap(signedQuery(shop.shopDomain), 'https://evil.example.net/page')
    expect(response.status).toBe(403)
    expect(response.body.message).toBe('This website is not allowed to use this chat widget.')
    expect(await sessionCount()).toBe(before)
  })

  it('answers 429 when the caller has started too many sessions', async () => {
    const shop = await installedShop()
    refuseStarts = true
    const response = await bootstrap(signedQuery(shop.shopDomain))
    expect(response.status).toBe(429)
    expect(response.headers['retry-after']).toBe('60')
  })
})

describe('refused shops', () => {
  it('refuses an unknown shop, an uninstalled one, and one with no widget, alike', async () => {
    const uninstalled = await installedShop({ uninstalledAt: new Date() })
    const withoutWidget = await installedShop({ widgetIntegrationId: null })
    const before = await sessionCount()
    for (const shopDomain of ['never-installed.myshopify.com', uninstalled.shopDomain, withoutWidget.shopDomain]) {
      const response = await bootstrap(signedQuery(shopDomain))
      expect(response.status, shopDomain).toBe(404)
      expect(response.body.message).toBe('This chat widget is not available.')
      expect(response.headers['cache-control']).toBe('no-store')
    }
    expect(await sessionCount()).toBe(before)
  })

  it('refuses a shop whose widget is switched off', async () => {
    const shop = await installedShop()
    await testApp.request
      .put(`/api/agents/${agentId}/integrations/frontend/${shop.integration_id}/`)
      .set(bearer(owner.access))
      .send({ is_active: false })
    expect((await bootstrap(signedQuery(shop.shopDomain))).status).toBe(404)
  })

  it('never issues a session for another account’s widget linked to the shop', async () => {
    const stranger = await signUp(testApp)
    const strangerAgent = (
      await testApp.request.post('/api/agents/create/').set(bearer(stranger.access)).send({ name: 'Elsewhere' })
    ).body.agent_id as string
    const strangersWidget = await newIntegration(stranger, strangerAgent)
    const shop = await installedShop({ widgetIntegrationId: strangersWidget.integration_id })
    const response = await bootstrap(signedQuery(shop.shopDomain))
    expect(response.status).toBe(404)
  })
})

describe('refused requests', () => {
  it('refuses an invalid, foreign, stale or missing signature before touching the database', async () => {
    const shop = await installedShop()
    const before = await sessionCount()
    const tampered = signedQuery(shop.shopDomain, '7702').replace(
      'logged_in_customer_id=7702',
      'logged_in_customer_id=1',
    )
    const cases: [string, string][] = [
      [tampered, 'signature_mismatch'],
      [signedQuery(shop.shopDomain, '', { secret: 'another-app-secret' }), 'signature_mismatch'],
      [signedQuery(shop.shopDomain, '', { timestamp: Math.trunc(Date.now() / 1000) - 120 }), 'stale_timestamp'],
      [signedQuery(shop.shopDomain).replace(/&signature=[0-9a-f]+/, ''), 'missing_signature'],
      [signedQuery(shop.shopDomain, '', { extra: [['shop', 'other-store.myshopify.com']] }), 'repeated_parameter'],
    ]
    for (const [query, reason] of cases) {
      const response = await bootstrap(query)
      expect(response.status, reason).toBe(400)
      expect(response.body).toMatchObject({ message: 'This request did not come signed from the store.', reason })
      expect(response.headers['cache-control']).toBe('no-store')
    }
    expect(await sessionCount()).toBe(before)
    expect(startsCounted).toBe(0)
  })

  it('refuses a second customer id even when Shopify’s signature covers both', async () => {
    const shop = await installedShop()
    const response = await bootstrap(signedQuery(shop.shopDomain, '7702', { extra: [['logged_in_customer_id', '1']] }))
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('logged_in_customer_id must appear once.')
  })

  it('refuses a signed shop that is not a myshopify.com domain, and a customer id that is not a number', async () => {
    const notAShop = await bootstrap(signedQuery('shop.example.com'))
    expect(notAShop.status).toBe(400)
    expect(notAShop.body.message).toBe('shop must be a myshopify.com domain')
    const shop = await installedShop()
    const notACustomer = await bootstrap(signedQuery(shop.shopDomain, 'gid://shopify/Customer/1'))
    expect(notACustomer.status).toBe(400)
    expect(notACustomer.body.message).toBe('logged_in_customer_id must be a customer number')
  })
})
