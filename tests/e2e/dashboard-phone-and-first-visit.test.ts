import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signUp, type SignedUp } from '../support/accounts.ts'
import { DESKTOP, MOBILE, SETTLED, fitsPhone, screenshot, signedInContext } from '../support/dashboard-browser.ts'
import { addEmbeddedText, createAgentFor } from '../support/knowledge.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { startListeningTestApp } from '../support/listening-test-app.ts'

// Issue 19: what a newcomer meets. A phone reaches every signed-in screen from the header's menu; a new
// account's Dashboard welcomes it (not "back") and says plainly that nothing has happened yet; on a
// server without an AI model the Chat tab tells the team so, once, while the answers themselves do not.
let listening: Awaited<ReturnType<typeof startListeningTestApp>>
let browser: Browser
let newcomer: SignedUp

// Each sidebar destination with the tab title its page sets.
const DESTINATIONS: [label: string, path: string, title: string][] = [
  ['Dashboard', '/app/dashboard', 'Dashboard'],
  ['Conversations', '/app/conversations', 'Conversations'],
  ['Agents', '/app/agents', 'Agents'],
  ['Create Agent', '/app/create-agent', 'Create Agent'],
  ['Usage', '/app/usage', 'Usage & Plan'],
  ['Subscribe', '/app/payment', 'Choose Your Plan'],
  ['Widget', '/app/widget', 'Widget'],
  ['User Info', '/app/user-info', 'User Profile'],
  ['Settings', '/app/settings', 'Settings'],
  ['Help', '/app/help', 'Help Center'],
  ['Integrations', '/app/integrations', 'Integrations'],
]

/** The header's menu button, whatever it is called at the moment (Open menu, Close menu). */
const menuButton = (page: Page) => page.locator('button.app-header__menu')

beforeAll(async () => {
  listening = await startListeningTestApp({
    ...(process.env.DASHBOARD_DIR ? { DASHBOARD_DIR: process.env.DASHBOARD_DIR } : {}),
  })
  browser = await launchChromium()
  newcomer = await signUp(listening.testApp, { full_name: 'Nina Newcomer' })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await listening?.close()
})

describe('on a phone (390x844)', () => {
  it('reaches every sidebar destination in two taps: the menu, then the link', async () => {
    const context = await signedInContext(browser, listening.baseUrl, newcomer, MOBILE)
    try {
      const page = await context.newPage()
      await page.goto(`${listening.baseUrl}/app/dashboard`)
      for (const [index, [label, path, title]] of DESTINATIONS.entries()) {
        await page.getByRole('button', { name: 'Open menu' }).click()
        const menu = page.getByRole('complementary', { name: 'Main navigation' })
        const link = menu.getByRole('link', { name: label, exact: true })
        await link.waitFor(SETTLED)
        if (index === 0) await screenshot(page, 'phone-menu')
        await link.click()
        await page.waitForURL(`**${path}`)
        await expect.poll(() => page.title(), SETTLED).toBe(`${title} · AgentDesk`)
        // The sheet closes behind the tap, and the page fits the phone.
        expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false')
        await fitsPhone(page)
      }
      // Escape and the backdrop close the sheet too.
      await menuButton(page).click()
      expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true')
      await page.keyboard.press('Escape')
      await expect.poll(() => menuButton(page).getAttribute('aria-expanded'), SETTLED).toBe('false')
      await menuButton(page).click()
      await page.locator('.app-menu-backdrop').click({ position: { x: 380, y: 400 } })
      await expect.poll(() => menuButton(page).getAttribute('aria-expanded'), SETTLED).toBe('false')
    } finally {
      await context.close()
    }
  })
})

describe('on a narrow phone (375 px)', () => {
  it("shows every tab of an agent's page, each one whole and uncovered, and each opens its panel", async () => {
    // An account of its own: the newcomer's first visit finds no agent.
    const owner = await signUp(listening.testApp, { full_name: 'Tara Tabs' })
    const agentId = await createAgentFor(listening.testApp, owner, 'Tab tester')
    const context = await signedInContext(browser, listening.baseUrl, owner, { width: 375, height: 667 })
    try {
      const page = await context.newPage()
      await page.goto(`${listening.baseUrl}/app/agents/${agentId}`)
      const tabs = page.getByRole('tab')
      await tabs.first().waitFor(SETTLED)
      const names = (await tabs.allTextContents()).map((name) => name.trim())
      expect(names).toEqual(['Overview', 'Chat', 'Documents', 'Texts', 'Websites', 'Leads', 'Improve'])
      await screenshot(page, 'agent-tabs-narrow-phone')
      // This server keeps its e-mails in its log: the unconfirmed address's banner says where the link is.
      expect(await page.getByTestId('email-check-banner').textContent()).toContain(
        'This server does not send e-mail yet: the link for',
      )
      // All in sight as the page opens: Polaris scrolls the strip to a tab once it is chosen, which would
      // bring a hidden one into view only after someone knew to look for it.
      for (const name of names) {
        const box = (await page.getByRole('tab', { name, exact: true }).boundingBox()) ?? {
          x: -1,
          y: -1,
          width: 0,
          height: 0,
        }
        expect(box.x, name).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width, name).toBeLessThanOrEqual(375)
        // Nothing clips or covers it: the tab itself is at its centre.
        const hit = await page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="tab"]')?.textContent?.trim() ?? null,
          { x: box.x + box.width / 2, y: box.y + box.height / 2 },
        )
        expect(hit, name).toBe(name)
      }
      for (const name of names) {
        const tab = page.getByRole('tab', { name, exact: true })
        await tab.click()
        await expect.poll(() => tab.getAttribute('aria-selected'), SETTLED).toBe('true')
        // The first tab is open without a tab in the address.
        expect(new URL(page.url()).searchParams.get('tab') ?? 'overview').toBe(name.toLowerCase())
      }
      await fitsPhone(page)
    } finally {
      await context.close()
    }
  })
})

describe('a first visit', () => {
  it('welcomes a new account, with no trend of 0 % and an engagement chart that says it is empty', async () => {
    const context = await signedInContext(browser, listening.baseUrl, newcomer, DESKTOP)
    try {
      const page = await context.newPage()
      await page.goto(`${listening.baseUrl}/app/dashboard`)
      await page.getByRole('heading', { name: 'Welcome, Nina!' }).waitFor(SETTLED)
      const cards = page.getByTestId('stat-cards')
      await expect.poll(() => cards.textContent(), SETTLED).toContain('Total Agents0')
      expect(await cards.getByText('No change vs previous 30 days').count()).toBe(2)
      expect(await cards.textContent()).not.toContain('%')
      await page.getByText('No conversations in this period yet.', { exact: false }).waitFor(SETTLED)
      await screenshot(page, 'dashboard-first-visit')
      // Someone who joined earlier is welcomed back.
      await listening.testApp.database.prisma.user.update({
        where: { id: newcomer.userId },
        data: { dateJoined: new Date(Date.now() - 3 * 86_400_000) },
      })
      await page.reload()
      await page.getByRole('heading', { name: 'Welcome back, Nina!' }).waitFor(SETTLED)
    } finally {
      await context.close()
    }
  })
})

describe('without an AI model', () => {
  it('the Chat tab tells the team, and the answer reads as an answer', async () => {
    const { testApp } = listening
    const agentId = await createAgentFor(testApp, newcomer, 'Tea guide')
    await addEmbeddedText(testApp, newcomer, agentId, 'Brewing', 'Green tea brews for two minutes at 80 degrees.')
    const started = await testApp.request
      .post('/api/conversations/create/')
      .set(bearer(newcomer.access))
      .send({ agent_id: agentId, name: 'Brewing' })
    const conversationId = started.body.conversation_id as string
    const answered = await testApp.request
      .post(`/api/conversations/chat/${agentId}/${conversationId}/`)
      .set(bearer(newcomer.access))
      .send({ message_text: 'How long does green tea brew?' })
    // Issue 37: it opens with the sentence that answers, not a preamble about the sources.
    expect(answered.body.ai_message.message_text).toMatch(/^Green tea brews for two minutes at 80 degrees\. \[1\]/)
    expect(answered.body.ai_message.message_text).not.toMatch(/AI model/)

    const context = await signedInContext(browser, listening.baseUrl, newcomer, DESKTOP)
    try {
      const page = await context.newPage()
      await page.goto(`${listening.baseUrl}/app/agents/${agentId}?tab=chat&conversation=${conversationId}`)
      await page.getByText('No AI model is set up on this server').waitFor(SETTLED)
      await page.getByText('Green tea brews for two minutes', { exact: false }).first().waitFor(SETTLED)
      await screenshot(page, 'offline-answer')
      // Settings says it too, once, above its tabs.
      await page.goto(`${listening.baseUrl}/app/settings`)
      await page.getByText('No AI model is set up on this server').waitFor(SETTLED)
      expect(await page.getByText('No AI model is set up on this server').count()).toBe(1)
    } finally {
      await context.close()
    }
  })
})
