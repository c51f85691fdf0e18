import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signUp, type SignedUp } from '../support/accounts.ts'
import { DESKTOP, MOBILE, SETTLED, fitsPhone, screenshot, signedInContext } from '../support/dashboard-browser.ts'
import { createAgentFor } from '../support/knowledge.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { startListeningTestApp } from '../support/listening-test-app.ts'

// Issue 37, items 5 and 6, in Chromium: the sidebar's Integrations link has a real box and opens the
// page at desktop and phone widths (it was drawn 0x0 on a desktop); on the Conversations page, Favourite
// and Archive work with All Agents chosen (they were disabled there, said only in a hover tooltip).
let listening: Awaited<ReturnType<typeof startListeningTestApp>>
let browser: Browser
let owner: SignedUp
const conversations: Record<string, { agentId: string; conversationId: string }> = {}

type Flags = { is_favorite: boolean; is_archived: boolean }

async function flagsOf(name: string): Promise<Flags> {
  const { conversationId } = conversations[name]!
  const read = await listening.testApp.request.get(`/api/conversations/${conversationId}/`).set(bearer(owner.access))
  return { is_favorite: read.body.is_favorite, is_archived: read.body.is_archived }
}

async function pageAt(viewport: typeof DESKTOP): Promise<Page> {
  return (await signedInContext(browser, listening.baseUrl, owner, viewport)).newPage()
}

/** The link's box: on screen, of a size one can click. */
async function expectClickableBox(page: Page, name: string) {
  const link = page.getByRole('complementary', { name: 'Main navigation' }).getByRole('link', { name, exact: true })
  await link.waitFor(SETTLED)
  const box = await link.boundingBox()
  expect(box, `${name} has no box`).not.toBeNull()
  expect(box!.width).toBeGreaterThan(20)
  expect(box!.height).toBeGreaterThan(20)
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height)
  return link
}

beforeAll(async () => {
  listening = await startListeningTestApp({
    ...(process.env.DASHBOARD_DIR ? { DASHBOARD_DIR: process.env.DASHBOARD_DIR } : {}),
  })
  browser = await launchChromium()
  owner = await signUp(listening.testApp, { full_name: 'Olivia Owner' })
  for (const [agent, name] of [
    ['Support Bot', 'Refund question'],
    ['Sales Bot', 'Pricing question'],
  ]) {
    const agentId = await createAgentFor(listening.testApp, owner, agent)
    const started = await listening.testApp.request
      .post('/api/conversations/create/')
      .set(bearer(owner.access))
      .send({ agent_id: agentId, name })
    conversations[name!] = { agentId, conversationId: started.body.conversation_id as string }
  }
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await listening?.close()
})

describe("the sidebar's Integrations link", () => {
  it('has a box and opens Integrations on a desktop, the sidebar open or collapsed', async () => {
    const page = await pageAt(DESKTOP)
    try {
      await page.goto(`${listening.baseUrl}/app/dashboard`)
      await (await expectClickableBox(page, 'Integrations')).click()
      await page.waitForURL('**/app/integrations')
      await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor(SETTLED)
      await screenshot(page, 'sidebar-integrations-desktop')

      // Collapsed to icons, the link keeps its box (the icon) and its name.
      await page.getByRole('button', { name: 'Collapse sidebar' }).click()
      await page.goto(`${listening.baseUrl}/app/dashboard`)
      await (await expectClickableBox(page, 'Integrations')).click()
      await page.waitForURL('**/app/integrations')
    } finally {
      await page.context().close()
    }
  })

  it("has a box and opens Integrations from a phone's menu", async () => {
    const page = await pageAt(MOBILE)
    try {
      await page.goto(`${listening.baseUrl}/app/dashboard`)
      await page.getByRole('button', { name: 'Open menu' }).click()
      await (await expectClickableBox(page, 'Integrations')).click()
      await page.waitForURL('**/app/integrations')
      await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor(SETTLED)
      await fitsPhone(page)
    } finally {
      await page.context().close()
    }
  })
})

describe('Favourite and Archive with All Agents chosen', () => {
  async function flagBoth(page: Page, name: string) {
    await page.goto(`${listening.baseUrl}/app/conversations`)
    // All Agents: the filter names no agent, and the list holds both agents' conversations.
    expect(await page.getByLabel('Agent', { exact: true }).inputValue()).toBe('')
    const list = page.getByRole('list', { name: 'Conversations' })
    await list.getByRole('button', { name: new RegExp(name) }).click()
    await page.getByRole('heading', { name, level: 2 }).waitFor(SETTLED)

    const favourite = page.getByRole('button', { name: 'Add to favorites' })
    expect(await favourite.isEnabled()).toBe(true)
    await favourite.click()
    await page.getByRole('button', { name: 'Remove from favorites' }).waitFor(SETTLED)
    await expect.poll(() => flagsOf(name), SETTLED).toEqual({ is_favorite: true, is_archived: false })

    await page.getByRole('button', { name: 'Archive conversation' }).click()
    await page.getByRole('button', { name: 'Unarchive conversation' }).waitFor(SETTLED)
    await expect.poll(() => flagsOf(name), SETTLED).toEqual({ is_favorite: true, is_archived: true })
    // No hover-only explanation is left behind.
    expect(await page.locator('[title*="filter"]').count()).toBe(0)
  }

  it('flags the open conversation on a desktop, each agent its own', async () => {
    const page = await pageAt(DESKTOP)
    try {
      await page.goto(`${listening.baseUrl}/app/conversations`)
      const list = page.getByRole('list', { name: 'Conversations' })
      await list.getByText('Refund question').waitFor(SETTLED)
      await list.getByText('Pricing question').waitFor(SETTLED)
      await flagBoth(page, 'Pricing question')
      await screenshot(page, 'conversation-flags-all-agents-desktop')
      // The Archived filter of All Agents lists it.
      await page.getByRole('button', { name: 'Archived', exact: true }).click()
      await page.getByRole('list', { name: 'Conversations' }).getByText('Pricing question').waitFor(SETTLED)
      expect(await flagsOf('Refund question')).toEqual({ is_favorite: false, is_archived: false })
    } finally {
      await page.context().close()
    }
  })

  it('flags it on a phone too', async () => {
    const page = await pageAt(MOBILE)
    try {
      await flagBoth(page, 'Refund question')
      await fitsPhone(page)
      await screenshot(page, 'conversation-flags-all-agents-mobile')
    } finally {
      await page.context().close()
    }
  })
})
