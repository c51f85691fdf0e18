// Issue 37 item 15 in Chromium, at a phone's width: the Conversations page shows a storefront answer's
// product cards as the shopper saw them (image, title to the product, price), and under a question whose
// answer was interrupted the text it had written, marked as not sent in full; a hostile title and
// partial text stay text.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fitsPhone, MOBILE, screenshot, SETTLED, signedInContext } from '../support/dashboard-browser.ts'
import { signUp } from '../support/accounts.ts'
import { createAgentFor } from '../support/knowledge.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { startListeningTestApp } from '../support/listening-test-app.ts'
import { reportBrowserFailures } from '../support/report-browser-failure.ts'

let listening: Awaited<ReturnType<typeof startListeningTestApp>>
let browser: Browser
let page: Page
let agentId = ''
let conversationId = ''
const problems: string[] = []
const TENT = 'gid://shopify/Product/1001'

beforeAll(async () => {
  listening = await startListeningTestApp(process.env.DASHBOARD_DIR ? { DASHBOARD_DIR: process.env.DASHBOARD_DIR } : {})
  const { testApp } = listening
  const { prisma } = testApp.database
  const owner = await signUp(testApp)
  agentId = await createAgentFor(testApp, owner, 'Alpine helper')
  const integration = await prisma.widgetIntegration.create({
    data: {
      accountId: owner.userId,
      agentId,
      websiteName: 'Alpine',
      websiteDomain: 'alpine.example',
      clientKey: `ck_seen_${process.pid}`,
      startMessage: 'Hello!',
    },
  })
  const shop = await prisma.shopifyShop.create({
    data: {
      shopDomain: 'alpine-seen.myshopify.com',
      accountId: owner.userId,
      agentId,
      widgetIntegrationId: integration.id,
    },
  })
  await prisma.storeProduct.create({
    data: {
      shopId: shop.id,
      productGid: TENT,
      handle: 'summit-tent',
      title: 'Summit Tent <img src=x onerror="window.hacked=1">',
      url: 'https://alpine.example/products/summit-tent',
      imageUrl: `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`,
      currencyCode: 'EUR',
      variants: [
        { id: '5001', title: 'Green', price: '349.00', compare_at_price: '399.00', available: true, options: [] },
      ],
    },
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
  conversationId = conversation.id
  const at = (seconds: number) => new Date(Date.now() - 60_000 + seconds * 1_000)
  const question = await prisma.message.create({
    data: {
      accountId: owner.userId,
      conversationId,
      senderType: 'user',
      text: 'Which tent for two?',
      createdAt: at(0),
    },
  })
  await prisma.message.create({
    data: {
      accountId: owner.userId,
      conversationId,
      senderType: 'ai',
      text: 'The Summit Tent is made for two.',
      productGids: [TENT],
      replyToId: question.id,
      createdAt: at(1),
    },
  })
  await prisma.message.create({
    data: {
      accountId: owner.userId,
      conversationId,
      senderType: 'user',
      text: 'And for four people?',
      answerError: 'stopped',
      partialAnswer: 'For four, the <b onmouseover="window.hacked=2">Basecamp</b> tent is',
      createdAt: at(2),
    },
  })
  browser = await launchChromium()
  const context = await signedInContext(browser, listening.baseUrl, owner, { ...MOBILE, width: 375 })
  page = await context.newPage()
  page.on('pageerror', (error) => problems.push(error.message))
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await listening?.close()
})

reportBrowserFailures({ page: () => page, server: () => undefined, problems })

describe('a storefront conversation on the Conversations page', () => {
  it('shows the product cards the shopper saw and the interrupted answer, as text, at 375 px', async () => {
    await page.goto(`${listening.baseUrl}/app/conversations?conversation=${conversationId}`)
    const card = page.getByTestId('product-shown')
    await card.waitFor(SETTLED)
    const title = card.getByRole('link', { name: /Summit Tent/ })
    expect(await title.textContent()).toBe('Summit Tent <img src=x onerror="window.hacked=1">')
    expect(await title.getAttribute('href')).toBe('https://alpine.example/products/summit-tent')
    expect(await card.textContent()).toContain('€349.00')
    expect(await card.locator('s').textContent()).toBe('€399.00')
    // A data: address is no http(s) image: nothing is loaded.
    expect(await card.locator('img').count()).toBe(0)

    const interrupted = page.getByTestId('message-interrupted')
    await interrupted.waitFor(SETTLED)
    expect(await interrupted.textContent()).toContain(
      'For four, the <b onmouseover="window.hacked=2">Basecamp</b> tent is',
    )
    expect(await interrupted.textContent()).toContain('Interrupted — not sent in full')
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined()
    await fitsPhone(page)
    await screenshot(page, 'conversation-what-the-visitor-saw')
  })
})
