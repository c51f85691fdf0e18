// Issue 22 in Chromium: a storefront page that embeds the widget through the app proxy (signed here as
// Shopify signs it) and serves a minimal Ajax Cart API. The shopper asks for a product, sees its card,
// picks a variant, adds it; the page hears the DOM event and the cart holds the item, marked with the chat.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productResource, type StoreProduct } from '../../server/shopify/knowledge/product-resource.ts'
import { upsertStoreResource } from '../../server/shopify/knowledge/upsert-store-resource.ts'
import { saveStoreProduct } from '../../server/shopify/products/save-store-products.ts'
import { createAdminClient } from '../../server/shopify/admin-api/create-admin-client.ts'
import { SHOPIFY_ADMIN_API_VERSION } from '../../server/shopify/admin-api/shopify-admin-client.ts'
import { bearer, signUp } from '../support/accounts.ts'
import { startFakeShopifyAdmin, type FakeShopifyAdmin } from '../support/fake-shopify-admin.ts'
import { createAgentFor } from '../support/knowledge.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { startListeningTestApp } from '../support/listening-test-app.ts'
import { sendJson, startLocalServer, type LocalServer } from '../support/local-http-server.ts'
import { signedProxyQuery } from '../support/signed-proxy-query.ts'
import { inWidget } from './widget-host.ts'

const SECRET = 'shpss_storefront_test_secret'
const SHOP = 'alpine-e2e.myshopify.com'
let listening: Awaited<ReturnType<typeof startListeningTestApp>>
let storefront: LocalServer
let browser: Browser
let admin: FakeShopifyAdmin
let clientKey = ''
let conversationOfCart: unknown
const cart = { items: [] as Record<string, unknown>[], attributes: {} as Record<string, string> }
let refuseNextAdd = false

const TENT: StoreProduct = {
  id: 'gid://shopify/Product/1001',
  title: 'Summit Tent',
  handle: 'summit-tent',
  descriptionHtml: '<p>A four-season tent for two. Weighs 2.1 kg.</p>',
  onlineStoreUrl: null,
  productType: 'Tents',
  vendor: 'Alpine Co',
  tags: ['camping'],
  status: 'ACTIVE',
  priceRangeV2: {
    minVariantPrice: { amount: '349.00', currencyCode: 'EUR' },
    maxVariantPrice: { amount: '369.00', currencyCode: 'EUR' },
  },
  featuredMedia: null,
  options: [{ name: 'Color', optionValues: [{ name: 'Green' }, { name: 'Orange' }] }],
  variants: [
    {
      id: 'gid://shopify/ProductVariant/5001',
      title: 'Green',
      price: '349.00',
      sku: null,
      compareAtPrice: '399.00',
      availableForSale: true,
      selectedOptions: [{ name: 'Color', value: 'Green' }],
    },
    {
      id: 'gid://shopify/ProductVariant/5002',
      title: 'Orange',
      price: '369.00',
      sku: null,
      compareAtPrice: null,
      availableForSale: false,
      selectedOptions: [{ name: 'Color', value: 'Orange' }],
    },
  ],
}

/** The storefront: its page, the app proxy as Shopify runs it (signing what it forwards), and the Ajax Cart API. */
async function startStorefront() {
  return startLocalServer(async (req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://storefront.invalid')
    if (url.pathname === '/apps/agentdesk/bootstrap') {
      // Shopify names the customer signed in to the storefront (its own session cookie here).
      const customer = /(?:^|; )customer=(\d+)/.exec(req.headers.cookie ?? '')?.[1] ?? ''
      const query = signedProxyQuery(
        [
          ['shop', SHOP],
          ['logged_in_customer_id', customer],
          ['path_prefix', '/apps/agentdesk'],
          ['timestamp', String(Math.floor(Date.now() / 1000))],
        ],
        SECRET,
      )
      const answer = await fetch(`${listening.baseUrl}/shopify/proxy/bootstrap?${query}`, {
        headers: { Origin: storefront.url },
      })
      return sendJson(res, answer.status, await answer.json())
    }
    if (url.pathname === '/cart/add.js') {
      const { items } = JSON.parse(body.toString()) as { items: Record<string, unknown>[] }
      if (refuseNextAdd) {
        refuseNextAdd = false
        return sendJson(res, 422, {
          status: 422,
          message: 'Cart Error',
          description: 'You can only add 0 Summit Tent - Green to the cart.',
        })
      }
      cart.items.push(...items)
      return sendJson(res, 200, { items })
    }
    if (url.pathname === '/cart/update.js') {
      Object.assign(cart.attributes, (JSON.parse(body.toString()) as { attributes: Record<string, string> }).attributes)
      return sendJson(res, 200, { ...cart, item_count: cart.items.length })
    }
    if (url.pathname === '/cart.js') return sendJson(res, 200, cart)
    // The theme renders the signed-in customer into the app embed's tag, as chat-embed.liquid does.
    const signedIn = /(?:^|; )customer=(\d+)/.exec(req.headers.cookie ?? '')?.[1] ?? ''
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><html lang="en"><head><title>Alpine Outfitters</title></head><body><h1>Alpine</h1>
<script>window.Shopify={routes:{root:'/'}};window.cartEvents=[];document.addEventListener('agentdesk:cart-updated',(e)=>window.cartEvents.push(e.detail))</script>
<script src="${listening.baseUrl}/widget/v1/widget.js" data-client-key="${clientKey}" data-bootstrap-url="/apps/agentdesk/bootstrap" data-customer="${signedIn}" async></script></body></html>`)
  })
}

beforeAll(async () => {
  admin = await startFakeShopifyAdmin()
  listening = await startListeningTestApp(
    {
      SHOPIFY_API_KEY: 'shopify-key-for-the-storefront-test',
      SHOPIFY_API_SECRET: SECRET,
      PUBLIC_URL: 'https://agentdesk.example',
      ...(process.env.DASHBOARD_DIR ? { DASHBOARD_DIR: process.env.DASHBOARD_DIR } : {}),
    },
    {
      shopAdmin: async (shopDomain) =>
        createAdminClient({
          shop: shopDomain,
          accessToken: admin.accessToken,
          apiVersion: SHOPIFY_ADMIN_API_VERSION,
          baseUrl: admin.url,
        }),
    },
  )
  storefront = await startStorefront()
  const { testApp } = listening
  const owner = await signUp(testApp)
  const agentId = await createAgentFor(testApp, owner, 'Alpine helper')
  const integration = await testApp.request
    .post(`/api/agents/${agentId}/integrations/frontend/`)
    .set(bearer(owner.access))
    .send({ website_name: 'Alpine', website_domain: new URL(storefront.url).origin })
  expect(integration.status).toBe(201)
  clientKey = integration.body.client_key
  const shop = await testApp.database.prisma.shopifyShop.create({
    data: {
      shopDomain: SHOP,
      accountId: owner.userId,
      agentId,
      storefrontUrl: storefront.url,
      widgetIntegrationId: integration.body.integration_id,
      scopes: 'read_products,read_orders',
    },
  })
  await saveStoreProduct(testApp.database, { shop, product: TENT })
  // The server's worker polls: no need to wake it.
  const queue = { wake: () => {} }
  const { textId } = await upsertStoreResource({
    database: testApp.database,
    queue,
    shop,
    agentId,
    resource: productResource(TENT, shop),
  })
  // The server's own worker embeds the product's text.
  for (
    let waited = 0;
    !(await testApp.database.prisma.text.findUnique({ where: { id: textId! } }))?.embedded;
    waited++
  ) {
    if (waited > 300) throw new Error('the product text was never embedded')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await storefront?.close()
  await listening?.close()
  await admin?.close()
})

async function ask(page: Page, text: string) {
  await inWidget(page, 'textarea').fill(text)
  await inWidget(page, 'button.send').last().click()
}

describe('the storefront shopping assistant', () => {
  it('shows a product card, picks a variant and puts it in the real cart', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    await page.goto(storefront.url)
    await inWidget(page, 'button.launcher').click()
    await ask(page, 'How much is the Summit Tent?')
    const card = inWidget(page, '.card')
    await card.waitFor({ state: 'visible', timeout: 30_000 })
    await expect.poll(() => card.locator('a.name').textContent()).toBe('Summit Tent')
    expect(await card.locator('.price').textContent()).toMatch(/349.*399/)
    expect(await card.locator('a.name').getAttribute('href')).toBe(`${storefront.url}/products/summit-tent`)
    // The sold-out variant cannot be added.
    await card.locator('select').selectOption('5002')
    expect([await card.locator('.stock').textContent(), await card.locator('button').isDisabled()]).toEqual([
      'Sold out',
      true,
    ])
    await card.locator('select').selectOption('5001')
    // The cart refuses once (stock ran out meanwhile): its own words are shown in the chat.
    refuseNextAdd = true
    await card.locator('button').click()
    await inWidget(page, '.notice >> text=You can only add 0 Summit Tent - Green to the cart.').waitFor()
    await card.locator('button').click()
    await inWidget(page, '.notice >> text=Summit Tent (Green) is in your cart.').waitFor()
    expect(await inWidget(page, '.notice a >> text=View cart').getAttribute('href')).toBe('/cart')
    expect(await inWidget(page, '.notice a >> text=Checkout').getAttribute('href')).toBe('/checkout')

    const events = (await page.evaluate('window.cartEvents')) as { variant_id: string; conversation_id: string }[]
    expect(events.map((event) => event.variant_id)).toEqual(['5001'])
    conversationOfCart = events[0]?.conversation_id
    expect(cart.items).toEqual([{ id: 5001, quantity: 1, properties: { _agentdesk_conversation: conversationOfCart } }])
    expect(cart.attributes).toEqual({ agentdesk_conversation: conversationOfCart })
    await expect
      .poll(() =>
        listening.testApp.database.prisma.storefrontEvent.findMany({
          where: { conversationId: conversationOfCart as string },
          select: { kind: true, variantId: true },
          orderBy: { createdAt: 'asc' },
        }),
      )
      .toEqual([
        { kind: 'product_shown', variantId: null },
        { kind: 'added_to_cart', variantId: '5001' },
      ])
    await page.close()
  })

  it('tells a signed-in shopper where their order is, and asks a guest to sign in', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    await context.addCookies([{ name: 'customer', value: '7001', url: storefront.url }])
    const page = await context.newPage()
    await page.goto(storefront.url)
    await inWidget(page, 'button.launcher').click()
    await ask(page, 'Where is my order?')
    const answer = inWidget(page, '.msg.ai >> text=Order #1004')
    await answer.waitFor({ timeout: 30_000 })
    const tracking = inWidget(page, '.msg.ai a >> text=UPS 1Z999AA10123456784')
    expect(await tracking.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784')
    expect(await inWidget(page, '.msg.ai >> text=Secret Gift').count()).toBe(0)
    // The customer signs out; the next person on this browser must not see their orders.
    await context.clearCookies()
    await page.goto(storefront.url)
    // The widget may reopen its window after the reload (it remembers it was open).
    await inWidget(page, 'button.launcher:not([hidden]), textarea').first().waitFor()
    if (!(await inWidget(page, 'textarea').isVisible())) await inWidget(page, 'button.launcher').click()
    await ask(page, 'Where is my order?')
    await inWidget(page, '.msg.ai a >> text=sign in to your account').waitFor({ timeout: 30_000 })
    expect(await inWidget(page, '.msg.ai >> text=Order #1004').count()).toBe(0)
    await context.close()

    const guest = await browser.newPage()
    await guest.goto(storefront.url)
    await inWidget(guest, 'button.launcher').click()
    await ask(guest, 'Where is my order?')
    const signIn = inWidget(guest, '.msg.ai a >> text=sign in to your account')
    await signIn.waitFor({ timeout: 30_000 })
    expect(await signIn.getAttribute('href')).toBe(`${storefront.url}/account/login`)
    await guest.close()
  })
})
