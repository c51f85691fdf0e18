import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MessageListSchema } from '../../../server/conversations/conversations.schemas.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { createAgentFor } from '../../support/knowledge.ts'

// The team's messages list shows what the visitor saw: a storefront answer's product cards (from the
// conversation's own shop's catalogue, never another's), and an interrupted answer's partial text on its
// question, marked failed.
let testApp: TestApp
let owner: SignedUp
let agentId: string
beforeAll(async () => {
  testApp = await createTestApp()
  owner = await signUp(testApp)
  agentId = await createAgentFor(testApp, owner, 'Alpine helper')
})
afterAll(async () => testApp?.cleanup())

const TENT = 'gid://shopify/Product/1001'
const STOVE = 'gid://shopify/Product/1002'
const GONE = 'gid://shopify/Product/1003'
const variant = (price: string, compareAt: string | null, available: boolean) => ({
  id: '5001',
  title: 'Default',
  price,
  compare_at_price: compareAt,
  available,
  options: [],
})

/** A shop of the account with a storefront widget, and products in its stored catalogue. */
async function shopWithCatalogue(accountId: string, agent: string, domain: string, titles: Record<string, string>) {
  const { prisma } = testApp.database
  const integration = await prisma.widgetIntegration.create({
    data: {
      accountId,
      agentId: agent,
      websiteName: 'Storefront',
      websiteDomain: `${domain}.example`,
      clientKey: `ck_${domain}_${process.pid}`,
      startMessage: 'Hello!',
    },
  })
  const shop = await prisma.shopifyShop.create({
    data: { shopDomain: `${domain}.myshopify.com`, accountId, agentId: agent, widgetIntegrationId: integration.id },
  })
  for (const [gid, title] of Object.entries(titles))
    await prisma.storeProduct.create({
      data: {
        shopId: shop.id,
        productGid: gid,
        handle: gid.split('/').pop() as string,
        title,
        url: `https://${domain}.example/products/${gid.split('/').pop()}`,
        imageUrl: `https://cdn.shopify.com/${domain}/${gid.split('/').pop()}.jpg`,
        currencyCode: 'EUR',
        variants: gid === STOVE ? [variant('59.00', null, false)] : [variant('349.00', '399.00', true)],
      },
    })
  return { shop, integration }
}

describe('the messages list of a storefront conversation', () => {
  it('carries the cards of the products an answer showed, from its own shop alone, and an interrupted answer', async () => {
    const { prisma } = testApp.database
    const { integration } = await shopWithCatalogue(owner.userId, agentId, 'alpine-team', {
      [TENT]: 'Summit Tent <script>alert(1)</script>',
      [STOVE]: 'Camp Stove',
    })
    // Another account's shop sells a product of the same id: it never shows here.
    const stranger = await signUp(testApp)
    const strangerAgent = await createAgentFor(testApp, stranger, 'Other helper')
    await shopWithCatalogue(stranger.userId, strangerAgent, 'other-team', {
      [TENT]: 'Someone else’s tent',
      [GONE]: 'Someone else’s lamp',
    })
    const conversation = await prisma.conversation.create({
      data: {
        accountId: owner.userId,
        agentId,
        name: 'Shopper',
        channel: 'shopify',
        widgetIntegrationId: integration.id,
      },
    })
    const at = (seconds: number) => new Date(Date.UTC(2026, 2, 10, 9, 0, seconds))
    const question = await prisma.message.create({
      data: {
        accountId: owner.userId,
        conversationId: conversation.id,
        senderType: 'user',
        text: 'Which tent for two?',
        createdAt: at(0),
      },
    })
    await prisma.message.create({
      data: {
        accountId: owner.userId,
        conversationId: conversation.id,
        senderType: 'ai',
        text: 'The Summit Tent, and a stove for the evenings.',
        productGids: [TENT, STOVE, GONE],
        replyToId: question.id,
        createdAt: at(1),
      },
    })
    await prisma.message.create({
      data: {
        accountId: owner.userId,
        conversationId: conversation.id,
        senderType: 'user',
        text: 'And for four?',
        answerError: 'stopped',
        partialAnswer: 'For four, the <b>Basecamp</b> is',
        createdAt: at(2),
      },
    })

    const listed = await testApp.request
      .get(`/api/conversations/${agentId}/${conversation.id}/messages/`)
      .set(bearer(owner.access))
    expect(listed.status).toBe(200)
    const page = MessageListSchema.parse(listed.body)
    const [asked, answer, interrupted] = page.data
    expect(asked?.products).toEqual([])
    expect(answer?.product_ids).toEqual([TENT, STOVE, GONE])
    expect(answer?.products).toEqual([
      {
        id: TENT,
        title: 'Summit Tent <script>alert(1)</script>',
        url: 'https://alpine-team.example/products/1001',
        image_url: 'https://cdn.shopify.com/alpine-team/1001.jpg',
        currency: 'EUR',
        price: '349.00',
        compare_at_price: '399.00',
        available: true,
      },
      {
        id: STOVE,
        title: 'Camp Stove',
        url: 'https://alpine-team.example/products/1002',
        image_url: 'https://cdn.shopify.com/alpine-team/1002.jpg',
        currency: 'EUR',
        price: '59.00',
        compare_at_price: null,
        available: false,
      },
    ])
    expect(interrupted).toMatchObject({
      message_text: 'And for four?',
      answer_failed: true,
      partial_answer: 'For four, the <b>Basecamp</b> is',
      products: [],
    })
    // The other account's owner cannot read the conversation at all.
    const theirs = await testApp.request
      .get(`/api/conversations/${agentId}/${conversation.id}/messages/`)
      .set(bearer(stranger.access))
    expect(theirs.status).toBe(404)
  })

  it('a dashboard conversation’s answers carry no cards, whatever product ids they hold', async () => {
    const { prisma } = testApp.database
    const conversation = await prisma.conversation.create({
      data: { accountId: owner.userId, agentId, name: 'Mine' },
    })
    await prisma.message.create({
      data: {
        accountId: owner.userId,
        conversationId: conversation.id,
        senderType: 'ai',
        text: 'Hello',
        productGids: [TENT],
      },
    })
    const listed = await testApp.request
      .get(`/api/conversations/${agentId}/${conversation.id}/messages/`)
      .set(bearer(owner.access))
    expect(listed.status).toBe(200)
    expect(listed.body.data[0].products).toEqual([])
  })
})
