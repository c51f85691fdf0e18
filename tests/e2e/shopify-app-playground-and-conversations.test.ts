import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCREENS, SHOP, startShopifyAppTestbed, type ShopifyAppTestbed } from './shopify-app-testbed.ts'

// The embedded Playground and Conversations screens in Chromium: a chat with the shop's agent "Kettle
// expert" (made by the set-up), then the Conversations workspace over it and a storefront chat.
let bed: ShopifyAppTestbed
let testDatabase: ShopifyAppTestbed['testDatabase']

beforeAll(async () => {
  bed = await startShopifyAppTestbed()
  testDatabase = bed.testDatabase
  await bed.installShop()
  await bed.createAgents('Kettle expert')
})

afterAll(async () => {
  await bed?.close()
})

const openEmbedded = (path: string, query?: Record<string, string>) => bed.openEmbedded(path, query)
const shopAccountId = () => bed.shopAccountId()

describe("the embedded screens that reuse the dashboard's feature components", () => {
  it("Playground: the dashboard's chat, its answer streamed from the API with App Bridge's session tokens", async () => {
    const agent = await testDatabase.database.prisma.agent.findFirstOrThrow({ where: { name: 'Kettle expert' } })
    const { page, problems, appBridge } = await openEmbedded('/shopify/app/playground', { agent: agent.id })
    await page.getByRole('button', { name: 'Start Conversation' }).click()
    await page.getByText('Hello! How can I help you today?').waitFor()
    await page.locator('#chat-input').fill('How do I descale the <b>kettle</b>?')
    await page.keyboard.press('Enter')
    const conversation = () =>
      testDatabase.database.prisma.conversation.findFirst({
        where: { agentId: agent.id },
        select: { name: true, channel: true, accountId: true, _count: { select: { messages: true } } },
      })
    await expect.poll(async () => (await conversation())?._count.messages, { timeout: 20_000 }).toBe(3)
    await expect.poll(async () => (await conversation())?.name).toBe('Chat: How do I descale the <b>kettle</b>?')
    // Shown as the words typed, never as markup.
    await page.getByText('How do I descale the <b>kettle</b>?').first().waitFor()
    expect(await page.locator('.chat-panel b').count()).toBe(0)
    expect(await conversation()).toMatchObject({ channel: 'dashboard', accountId: await shopAccountId() })
    const answer = await testDatabase.database.prisma.message.findFirstOrThrow({
      where: { conversation: { agentId: agent.id }, senderType: 'ai', replyToId: { not: null } },
    })
    await expect
      .poll(() => page.getByText(answer.text.slice(0, 40)).first().isVisible(), { timeout: 15_000 })
      .toBe(true)
    expect((await appBridge()).idTokens).toBeGreaterThan(2)
    await page.screenshot({ path: `${SCREENS}/shopify-playground.png`, fullPage: true })
    expect(problems).toEqual([])
    await page.context().close()
  })

  it("Conversations: the dashboard's workspace over every chat of the shop's agents, storefront chats marked", async () => {
    const agent = await testDatabase.database.prisma.agent.findFirstOrThrow({ where: { name: 'Kettle expert' } })
    await testDatabase.database.prisma.conversation.create({
      data: {
        accountId: agent.accountId,
        agentId: agent.id,
        name: 'Storefront visitor',
        channel: 'shopify',
        messages: { create: { senderType: 'user', text: 'Is the copper kettle in stock?' } },
      },
    })
    const { page, problems } = await openEmbedded('/shopify/app/conversations')
    const items = page.getByTestId('conversation-item')
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(2)
    const storefront = items.filter({ hasText: 'Storefront visitor' })
    expect(await storefront.getByText('Shopify store').isVisible()).toBe(true)
    await storefront.click()
    await page.getByText('Is the copper kettle in stock?').waitFor()
    expect(
      await page
        .getByText('This conversation belongs to a customer of your Shopify store: join the chat to write to them.')
        .isVisible(),
    ).toBe(true)
    // Live takeover from the embedded admin too: the bar offers to join the storefront chat.
    await page.getByTestId('handoff-bar').getByRole('button', { name: 'Join the chat' }).waitFor()
    // The address keeps the admin's parameters beside the screen's own.
    expect(new URL(page.url()).searchParams.get('shop')).toBe(SHOP)
    expect(new URL(page.url()).searchParams.get('conversation')).not.toBeNull()

    // Typed key by key: every character stays, and the list follows the search.
    const search = page.getByPlaceholder('Search conversations...')
    await search.pressSequentially('storefront visitor', { delay: 15 })
    expect(await search.inputValue()).toBe('storefront visitor')
    await expect.poll(() => items.count()).toBe(1)
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('storefront visitor')
    expect(await search.inputValue()).toBe('storefront visitor')
    await search.fill('')
    await expect.poll(() => items.count()).toBe(2)
    await expect.poll(() => new URL(page.url()).searchParams.has('q')).toBe(false)

    await page.getByLabel('Agent', { exact: true }).selectOption({ label: 'Kettle expert' })
    await page.getByRole('button', { name: 'Add to favorites' }).click()
    await expect
      .poll(
        async () =>
          (await testDatabase.database.prisma.conversation.findFirstOrThrow({ where: { name: 'Storefront visitor' } }))
            .isFavorite,
      )
      .toBe(true)
    await page.screenshot({ path: `${SCREENS}/shopify-conversations.png`, fullPage: true })
    expect(problems).toEqual([])
    await page.context().close()
  })
})
