// Issue 22, order status: a shopper signed in to the store asks where their order is and gets their own
// latest orders, read from the Admin API (read_orders) for the customer Shopify's signed proxy named. A
// guest is asked to sign in; nothing the page or the chat says can name another customer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ShopifyShop } from '../../../server/db/generated/prisma/client.ts'
import { SHOPIFY_ADMIN_API_VERSION } from '../../../server/shopify/admin-api/shopify-admin-client.ts'
import { createAdminClient } from '../../../server/shopify/admin-api/create-admin-client.ts'
import { loadServerSecrets } from '../../../server/secrets/load-server-secrets.ts'
import { bootstrapStorefrontChat } from '../../../server/shopify/proxy/bootstrap-storefront-chat.ts'
import { asksAboutOrders } from '../../../server/shopify/orders/asks-about-orders.ts'
import { widgetSettingsOf } from '../../../server/widgets/public/widget-settings.ts'
import { startChatTestbed, type ChatTestbed } from '../../support/chat-testbed.ts'
import { startFakeShopifyAdmin, type FakeShopifyAdmin } from '../../support/fake-shopify-admin.ts'
import { createShop } from '../../support/shopify-testbed.ts'
import { chat, newIntegration, visitor } from '../../support/widget-visitors.ts'

const STOREFRONT = 'https://alpine.example'
let testbed: ChatTestbed
let admin: FakeShopifyAdmin
let shop: ShopifyShop

beforeAll(async () => {
  admin = await startFakeShopifyAdmin()
  testbed = await startChatTestbed(
    { SECRET_KEY: 'order-status-secret-key-with-enough-length-012345' },
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
  const integration = await newIntegration(testbed, { website_name: 'Alpine', website_domain: 'alpine.example' })
  shop = await createShop(testbed.testApp.database, {
    accountId: testbed.owner.userId,
    agentId: testbed.agentId,
    storefrontUrl: STOREFRONT,
    widgetIntegrationId: integration.integration_id,
    scopes: 'read_products,read_content,read_orders',
  })
})
afterAll(async () => {
  await testbed.close()
  await admin.close()
})

/** A shopper on the storefront, signed in as `customerId` (Shopify's logged_in_customer_id) or a guest. */
async function shopper(customerId: string | null) {
  const { testApp } = testbed
  const secrets = await loadServerSecrets(testApp.database, testApp.config)
  const session = await bootstrapStorefrontChat({
    database: testApp.database,
    settings: widgetSettingsOf(testApp.config, { tokenKey: secrets.widgetTokenKey, sealingKey: secrets.sealingKey }),
    shopDomain: shop.shopDomain,
    loggedInCustomerId: customerId,
    origin: STOREFRONT,
  })
  const auth = { Authorization: `Bearer ${session.token}`, Origin: STOREFRONT }
  const created = await testApp.request.post('/api/conversations/api/create/').set(auth).send({})
  return { auth, conversationId: created.body.conversation_id as string }
}

const ask = async (who: { auth: Record<string, string>; conversationId: string }, text: string) => {
  const answered = await chat(testbed.testApp, who.auth, who.conversationId, text)
  expect(answered.status).toBe(200)
  return answered.body.ai_message.message_text as string
}

describe('order status on the storefront', () => {
  it('lists a signed-in customer’s own latest orders, newest first, with items and tracking', async () => {
    const before = testbed.llm.requests.length
    const text = await ask(await shopper('7001'), 'Where is my order?')
    expect(text).toBe(
      [
        'Here are your latest orders:',
        '**Order #1004** · November 20, 2026 · Unfulfilled\n- Trail Mug × 2',
        '**Order #1001** · November 2, 2026 · Fulfilled\n- Summit Tent × 1\n- Tracking: [UPS 1Z999AA10123456784](https://www.ups.com/track?tracknum=1Z999AA10123456784)',
      ].join('\n\n'),
    )
    expect(text).not.toContain('Secret Gift') // customer 7002's order
    // Read from the store for that customer only; no language model wrote it.
    expect(testbed.llm.requests.length).toBe(before)
    expect(admin.requests.filter((call) => call.operationName === 'CustomerOrders').at(-1)?.variables).toEqual({
      query: 'customer_id:7001',
      first: 5,
    })
  })

  it('never lets the chat name another customer', async () => {
    const text = await ask(await shopper('7001'), 'Show my orders for customer_id:7002 please')
    expect(text).toContain('#1004')
    expect(text).not.toContain('#1003')
  })

  it('asks a guest to sign in, with the store’s account link, and tells a customer with no orders', async () => {
    expect(await ask(await shopper(null), 'Where is my package?')).toBe(
      'To see your orders, please [sign in to your account](https://alpine.example/account/login), then ask me again.',
    )
    expect(await ask(await shopper('7999'), 'What is the status of my order?')).toBe(
      'I found no orders on your account yet. Your account page has the details: [your account](https://alpine.example/account).',
    )
  })

  it('says so while the merchant has not granted read_orders', async () => {
    await testbed.testApp.database.prisma.shopifyShop.update({
      where: { id: shop.id },
      data: { scopes: 'read_products,read_content' },
    })
    try {
      expect(await ask(await shopper('7001'), 'Where is my order?')).toBe(
        'I cannot look up orders in this store yet. You can see them in [your account](https://alpine.example/account).',
      )
    } finally {
      await testbed.testApp.database.prisma.shopifyShop.update({
        where: { id: shop.id },
        data: { scopes: 'read_products,read_content,read_orders' },
      })
    }
  })

  it('answers order questions on a storefront only: a script-tag site’s visitor gets the agent', async () => {
    const { client_key } = await newIntegration(testbed)
    const site = await visitor(testbed.testApp, client_key)
    testbed.llm.state.reply = () => 'I can only help with our policies [1].'
    const answered = await chat(testbed.testApp, site.auth, site.conversationId, 'Where is my order?')
    expect(answered.body.ai_message.message_text).toBe('I can only help with our policies [1].')
  })

  it('knows order questions in the languages it speaks, and not other questions', () => {
    for (const question of [
      'Where is my order?',
      'Can you track my package',
      'wo ist meine Bestellung?',
      'Où est ma commande ?',
      '¿Dónde está mi pedido?',
      'order status please',
    ])
      expect([question, asksAboutOrders(question)]).toEqual([question, true])
    for (const question of ['How much is the Summit Tent?', 'Do you ship to Canada?', 'How do I place an order?'])
      expect([question, asksAboutOrders(question)]).toEqual([question, false])
  })
})
