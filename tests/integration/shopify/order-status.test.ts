// Issue 22, order status without a language model: a shopper signed in to the store asks where their
// order is and gets their own latest orders, read from the Admin API (read_orders) for the customer
// Shopify's signed proxy named. A guest is asked to sign in; nothing the page or the chat says can name
// another customer. (With a model, the same comes through its get_my_orders tool: storefront-tools.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asksAboutOrders } from '../../../server/shopify/orders/asks-about-orders.ts'
import { addEmbeddedText } from '../../support/knowledge.ts'
import { startStorefrontTestbed, type StorefrontTestbed } from '../../support/storefront-testbed.ts'
import { chat, newIntegration, visitor } from '../../support/widget-visitors.ts'

let bed: StorefrontTestbed
beforeAll(async () => {
  bed = await startStorefrontTestbed('order-status-secret-key-with-enough-length-012345', { offline: true })
})
afterAll(async () => bed.close())

const ask = async (who: { auth: Record<string, string>; conversationId: string }, text: string) => {
  const answered = await chat(bed.testApp, who.auth, who.conversationId, text)
  expect(answered.status).toBe(200)
  return answered.body.ai_message.message_text as string
}

describe('order status on the storefront, offline', () => {
  it('lists a signed-in customer’s own latest orders, newest first, with items and tracking', async () => {
    const text = await ask(await bed.shopper('7001'), 'Where is my order?')
    expect(text).toBe(
      [
        'Here are your latest orders:',
        '**Order #1004** · November 20, 2026 · Unfulfilled\n- Trail Mug × 2',
        '**Order #1001** · November 2, 2026 · Fulfilled\n- Summit Tent × 1\n- Tracking: [UPS 1Z999AA10123456784](https://www.ups.com/track?tracknum=1Z999AA10123456784)',
      ].join('\n\n'),
    )
    expect(text).not.toContain('Secret Gift') // customer 7002's order
    expect(bed.admin.requests.filter((call) => call.operationName === 'CustomerOrders').at(-1)?.variables).toEqual({
      query: 'customer_id:7001',
      first: 5,
    })
    const stored = await bed.testApp.database.prisma.message.findFirst({
      where: { senderType: 'ai', text },
      select: { model: true, ungrounded: true },
    })
    expect(stored).toEqual({ model: 'store-orders', ungrounded: null })
  })

  it('never lets the chat name another customer', async () => {
    const text = await ask(await bed.shopper('7001'), 'Show my orders for customer_id:7002 please')
    expect(text).toContain('#1004')
    expect(text).not.toContain('#1003')
  })

  it('asks a guest to sign in, with the store’s account link, and tells a customer with no orders', async () => {
    expect(await ask(await bed.shopper(null), 'Where is my package?')).toBe(
      'To see your orders, please [sign in to your account](https://alpine.example/account/login), then ask me again.',
    )
    expect(await ask(await bed.shopper('7999'), 'What is the status of my order?')).toBe(
      'I found no orders on your account yet. Your account page has the details: [your account](https://alpine.example/account).',
    )
  })

  it('says so while the merchant has not granted read_orders', async () => {
    const { prisma } = bed.testApp.database
    await prisma.shopifyShop.update({ where: { id: bed.shop.id }, data: { scopes: 'read_products,read_content' } })
    try {
      expect(await ask(await bed.shopper('7001'), 'Where is my order?')).toBe(
        'I cannot look up orders in this store yet. You can see them in [your account](https://alpine.example/account).',
      )
    } finally {
      await prisma.shopifyShop.update({
        where: { id: bed.shop.id },
        data: { scopes: 'read_products,read_content,read_orders' },
      })
    }
  })

  it('answers returning, refunding, cancelling or exchanging an order from the shop’s policy, not the order list', async () => {
    // Issue 37: the agent knows the returns policy (chat-testbed.ts) and this one.
    await addEmbeddedText(
      bed.testApp,
      bed.owner,
      bed.agentId,
      'Cancellations and exchanges',
      'Cancellations are free until the parcel ships. Exchanges for another size are free within 14 days.',
    )
    const shopper = await bed.shopper('7001')
    const orderLookups = () => bed.admin.requests.filter((call) => call.operationName === 'CustomerOrders').length
    const before = orderLookups()
    const returnsPolicy = 'You can return any product within 30 days of delivery for a full refund. [1]'
    for (const [question, policy] of [
      ['How do I return my order?', returnsPolicy],
      ['I want a refund for my last order', returnsPolicy],
      ['Can I cancel my order?', 'Cancellations are free until the parcel ships.'],
      ['Is canceling my order free?', 'Cancellations are free until the parcel ships.'],
      ['Can I exchange my order for another size?', 'Exchanges for another size are free within 14 days.'],
    ] as const) {
      const text = await ask(shopper, question)
      expect([question, text.startsWith(policy)]).toEqual([question, true])
      expect(text).not.toContain('Order #')
    }
    expect(orderLookups()).toBe(before)
    const stored = await bed.testApp.database.prisma.message.findFirst({
      where: { senderType: 'ai', text: { startsWith: returnsPolicy } },
      select: { model: true },
    })
    expect(stored).toEqual({ model: 'offline-extractive' })
    // Where an order is stays a look-up in the store.
    expect(await ask(shopper, 'Where is my order?')).toContain('**Order #1004**')
    expect(orderLookups()).toBe(before + 1)
  })

  it('answers order questions on a storefront only: a script-tag site’s visitor gets the agent', async () => {
    const { client_key } = await newIntegration(bed)
    const site = await visitor(bed.testApp, client_key)
    const before = bed.admin.requests.length
    const answered = await chat(bed.testApp, site.auth, site.conversationId, 'Where is my order?')
    expect(answered.body.ai_message.message_text).not.toContain('Order #')
    expect(bed.admin.requests.length).toBe(before)
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
