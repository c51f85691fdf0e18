// Issue 22, product cards: a storefront answer that draws on store products shows them as cards, with
// prices and availability as the store has them now (the catalogue import and the product webhooks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ShopifyShop } from '../../../server/db/generated/prisma/client.ts'
import { ProductCardSchema, VisitorMessageViewSchema } from '../../../server/widgets/public/widget-chat.schemas.ts'
import type { FakeShopifyAdmin } from '../../support/fake-shopify-admin.ts'
import { createShop } from '../../support/shopify-testbed.ts'
import { startStorefrontTestbed, type StorefrontTestbed } from '../../support/storefront-testbed.ts'
import { chat, newIntegration, visitor } from '../../support/widget-visitors.ts'

let testbed: StorefrontTestbed
let admin: FakeShopifyAdmin
let shop: ShopifyShop
let deliver: StorefrontTestbed['deliver']
let shopper: StorefrontTestbed['shopper']

beforeAll(async () => {
  testbed = await startStorefrontTestbed('product-cards-secret-key-with-enough-length-0123')
  ;({ admin, shop, deliver, shopper } = testbed)
})
afterAll(async () => testbed.close())

const history = async (auth: Record<string, string>, conversationId: string) =>
  (await testbed.testApp.request.get(`/api/conversations/api/chat/${conversationId}/`).set(auth)).body.data.map(
    (message: unknown) => VisitorMessageViewSchema.parse(message),
  )

describe('product cards on the storefront', () => {
  it('show the products an answer draws on, with price, compare-at price, availability, options and variants', async () => {
    testbed.llm.state.reply = () => 'The Summit Tent costs from 349.00 EUR [1].'
    const { auth, conversationId } = await shopper()
    const answered = await chat(testbed.testApp, auth, conversationId, 'How much is the Summit Tent?')
    expect(answered.status).toBe(200)
    const answer = VisitorMessageViewSchema.parse(answered.body.ai_message)
    expect(answer.products).toHaveLength(1)
    expect(ProductCardSchema.parse(answer.products[0])).toEqual({
      id: 'gid://shopify/Product/1001',
      title: 'Summit Tent',
      url: 'https://alpine.example/products/summit-tent',
      image_url: 'https://cdn.shopify.com/s/files/1/0001/products/summit-tent.jpg?v=1&width=240',
      currency: 'EUR',
      price: '349.00',
      compare_at_price: '399.00',
      available: true,
      options: [{ name: 'Color', values: ['Green', 'Orange'] }],
      variants: [
        {
          id: '5001',
          title: 'Green',
          price: '349.00',
          compare_at_price: '399.00',
          available: true,
          options: ['Green'],
        },
        { id: '5002', title: 'Orange', price: '369.00', compare_at_price: null, available: false, options: ['Orange'] },
      ],
    })
    const { prisma } = testbed.testApp.database
    expect(await prisma.conversation.findUnique({ where: { id: conversationId }, select: { channel: true } })).toEqual({
      channel: 'shopify',
    })
    expect(
      await prisma.storefrontEvent.findMany({ where: { conversationId }, select: { kind: true, productGid: true } }),
    ).toEqual([{ kind: 'product_shown', productGid: 'gid://shopify/Product/1001' }])
    // The reloaded chat draws the same card.
    expect((await history(auth, conversationId)).at(-1).products[0].title).toBe('Summit Tent')
  })

  it('follow the store: a new price shows on the old answer, and a product made a draft shows no card', async () => {
    testbed.llm.state.reply = () => 'The Summit Tent costs from 349.00 EUR [1].'
    const { auth, conversationId } = await shopper()
    await chat(testbed.testApp, auth, conversationId, 'How much is the Summit Tent?')
    const tent = admin.state.store.products.find((product) => product.id === 1001)!
    tent.variants[0]!.price = '299.00'
    tent.variants[1]!.available = true
    await deliver('products/update', { admin_graphql_api_id: 'gid://shopify/Product/1001', id: 1001 })
    const card = (await history(auth, conversationId)).at(-1).products[0]
    expect([card.price, card.variants.map((variant: { available: boolean }) => variant.available)]).toEqual([
      '299.00',
      [true, true],
    ])
    tent.status = 'DRAFT'
    await deliver('products/update', { admin_graphql_api_id: 'gid://shopify/Product/1001', id: 1001 })
    expect((await history(auth, conversationId)).at(-1).products).toEqual([])
    tent.status = 'ACTIVE'
    await deliver('products/update', { admin_graphql_api_id: 'gid://shopify/Product/1001', id: 1001 })
  })

  it('count an add to cart only for a variant the shop sells, from the shopper’s own storefront chat', async () => {
    const { testApp } = testbed
    const { auth, conversationId } = await shopper()
    const report = (who: Record<string, string>, conversation: string, body: object) =>
      testApp.request.post(`/api/conversations/api/chat/${conversation}/cart/`).set(who).send(body)
    const added = { product_id: 'gid://shopify/Product/1001', variant_id: '5001', quantity: 2 }
    expect((await report(auth, conversationId, added)).status).toBe(201)
    const refused = await Promise.all([
      report(auth, conversationId, { ...added, variant_id: '9999' }),
      report(auth, conversationId, { ...added, product_id: 'gid://shopify/Product/1003' }), // the draft stove
      report(auth, conversationId, { ...added, quantity: 0 }),
      report(auth, conversationId, { product_id: 'anything' }),
    ])
    expect(refused.map((answer) => [answer.status, answer.body.message])).toEqual([
      [404, 'This product is not sold in this store.'],
      [404, 'This product is not sold in this store.'],
      [400, 'quantity must be a number from 1 to 99'],
      [400, 'product_id must be a product of the store'],
    ])
    // Another shopper cannot report into this chat, and a script-tag site's visitor has no store to count for.
    const other = await shopper()
    expect((await report(other.auth, conversationId, added)).status).toBe(404)
    const { client_key } = await newIntegration(testbed)
    const site = await visitor(testApp, client_key)
    expect((await report(site.auth, site.conversationId, added)).status).toBe(404)
    expect(
      await testApp.database.prisma.storefrontEvent.findMany({
        where: { kind: 'added_to_cart' },
        select: { conversationId: true, variantId: true, quantity: true },
      }),
    ).toEqual([{ conversationId, variantId: '5001', quantity: 2 }])
  })

  it('show only the chat’s own shop’s products when the agent holds two shops’ catalogues', async () => {
    testbed.llm.state.reply = () => 'The Summit Tent costs from 349.00 EUR [1].'
    const { prisma } = testbed.testApp.database
    // A second shop of the account, on the same agent, whose catalogue holds the text the answer cites.
    const other = await createShop(testbed.testApp.database, {
      accountId: testbed.owner.userId,
      agentId: testbed.agentId,
    })
    const tent = 'gid://shopify/Product/1001'
    const card = await prisma.storeProduct.findFirstOrThrow({ where: { shopId: shop.id, productGid: tent } })
    await prisma.storeProduct.create({
      data: { ...card, id: undefined, shopId: other.id, options: card.options ?? [], variants: card.variants ?? [] },
    })
    await prisma.shopifyResource.updateMany({
      where: { shopId: shop.id, resourceGid: tent },
      data: { shopId: other.id },
    })
    try {
      const { auth, conversationId } = await shopper()
      const answered = await chat(testbed.testApp, auth, conversationId, 'How much is the Summit Tent?')
      expect(answered.body.ai_message.sources[0].title).toBe('Summit Tent')
      expect(answered.body.ai_message.products).toEqual([])
      expect(await prisma.storefrontEvent.count({ where: { conversationId } })).toBe(0)
    } finally {
      await prisma.shopifyResource.updateMany({
        where: { shopId: other.id, resourceGid: tent },
        data: { shopId: shop.id },
      })
    }
  })

  it('stay off a general website: the same agent on a script-tag site answers without cards', async () => {
    testbed.llm.state.reply = () => 'The Summit Tent costs from 349.00 EUR [1].'
    const { client_key } = await newIntegration(testbed)
    const site = await visitor(testbed.testApp, client_key)
    const answered = await chat(testbed.testApp, site.auth, site.conversationId, 'How much is the Summit Tent?')
    expect(answered.body.ai_message.sources[0].title).toBe('Summit Tent')
    expect(answered.body.ai_message.products).toEqual([])
  })
})

describe('the sales a storefront chat brings', () => {
  const orderPayload = (id: number, attributes: { name: string; value: string }[], total = '349.00') => ({
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${id}`,
    created_at: '2026-11-25T10:00:00Z',
    total_price: total,
    currency: 'EUR',
    email: 'shopper@example.com',
    customer: { id: 7001, email: 'shopper@example.com' },
    note_attributes: attributes,
    line_items: [{ title: 'Summit Tent', quantity: 1, properties: [] }],
  })

  it('records an order whose cart named the chat, once per order, with its value', async () => {
    const { auth, conversationId } = await shopper()
    await chat(testbed.testApp, auth, conversationId, 'How much is the Summit Tent?')
    const named = [{ name: 'agentdesk_conversation', value: conversationId }]
    const first = await deliver('orders/create', orderPayload(9001, named, '349.5'))
    await deliver('orders/create', orderPayload(9001, named, '349.5')) // the same order, delivered again
    await deliver('orders/create', orderPayload(9002, [])) // bought without the chat
    const { prisma } = testbed.testApp.database
    const orders = await prisma.assistedOrder.findMany({
      where: { shopId: shop.id },
      select: { orderName: true, conversationId: true, totalMinor: true, currencyCode: true },
    })
    expect(orders).toEqual([{ orderName: '#9001', conversationId, totalMinor: 34950n, currencyCode: 'EUR' }])
    // The job keeps the order and the chat, not who bought.
    const job = await prisma.job.findFirst({ where: { dedupeKey: first } })
    expect(JSON.stringify(job?.payload)).not.toContain('shopper@example.com')
  })

  it('ignores an order naming a chat of another account or no storefront chat', async () => {
    const { client_key } = await newIntegration(testbed)
    const site = await visitor(testbed.testApp, client_key) // a script-tag site's chat, not the storefront's
    await deliver('orders/create', orderPayload(9003, [{ name: 'agentdesk_conversation', value: site.conversationId }]))
    await deliver(
      'orders/create',
      orderPayload(9004, [{ name: 'agentdesk_conversation', value: '01900000-0000-7000-8000-000000000000' }]),
    )
    expect(
      await testbed.testApp.database.prisma.assistedOrder.count({ where: { orderName: { in: ['#9003', '#9004'] } } }),
    ).toBe(0)
  })

  it('are purged with the customer (customers/redact): what their chats showed, carted and sold', async () => {
    const mine = await shopper('7005')
    const theirs = await shopper()
    for (const who of [mine, theirs]) {
      await chat(testbed.testApp, who.auth, who.conversationId, 'How much is the Summit Tent?')
      await testbed.testApp.request
        .post(`/api/conversations/api/chat/${who.conversationId}/cart/`)
        .set(who.auth)
        .send({ product_id: 'gid://shopify/Product/1001', variant_id: '5001' })
    }
    await deliver('orders/create', orderPayload(9101, [{ name: 'agentdesk_conversation', value: mine.conversationId }]))
    await deliver(
      'orders/create',
      orderPayload(9102, [{ name: 'agentdesk_conversation', value: theirs.conversationId }]),
    )
    const { prisma } = testbed.testApp.database
    const left = async (conversationId: string) => [
      await prisma.storefrontEvent.count({ where: { conversationId } }),
      await prisma.assistedOrder.count({ where: { conversationId } }),
    ]
    expect(await left(mine.conversationId)).toEqual([2, 1])
    await deliver('customers/redact', { shop_domain: shop.shopDomain, customer: { id: 7005, email: null } })
    expect(await left(mine.conversationId)).toEqual([0, 0])
    expect(await left(theirs.conversationId)).toEqual([2, 1])
  })
})
