import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi, registerAccount } from '../support/call-api.ts'
import { MOBILE, SETTLED, screenshot, signedInContext, toast } from '../support/dashboard-browser.ts'
import { reportBrowserFailures } from '../support/report-browser-failure.ts'
import { startSpawnedDashboard, type SpawnedDashboard } from '../support/spawned-dashboard.ts'

// Issue 19, training without busywork, in Chromium against the real server: a new agent embeds what is
// added without a click and its rows offer no Embed; with the setting turned off in Edit Agent, texts wait,
// Embed all trains them in one click, and the SPEC's "Already embedded" still answers a row that is out of
// date. The tests follow one another on one page.
let dashboard: SpawnedDashboard
let page: Page
let agentId = ''
let api: <T = Record<string, unknown>>(path: string, body?: unknown) => Promise<T>
const problems: string[] = []

beforeAll(async () => {
  dashboard = await startSpawnedDashboard()
  const { server, browser } = dashboard
  const account = await registerAccount(server.baseUrl, {
    email: 'trainer@example.com',
    password: 'Train-Auto-9!',
    full_name: 'Tara Trainer',
  })
  api = (path, body) => callApi(server.baseUrl, account.access, path, body)
  agentId = String((await api('/agents/create/', { name: 'Tea helper' })).agent_id)
  const context = await signedInContext(browser, server.baseUrl, account)
  page = await context.newPage()
  page.on('pageerror', (error) => problems.push(error.message))
})

afterAll(async () => {
  await dashboard?.close()
})

reportBrowserFailures({ page: () => page, server: () => dashboard?.server, problems })

const rowOf = (name: string) => page.getByTestId('knowledge-row').filter({ hasText: name })
const badge = (name: string, label: string) => rowOf(name).getByText(label, { exact: true })
const texts = async () =>
  (await api<{ texts: { text_title: string; embedded: boolean }[] }>(`/agents/${agentId}/texts/`)).texts

async function addText(title: string, content: string) {
  await page.getByLabel('Name').fill(title)
  await page.getByLabel('Content').fill(content)
  await page.getByRole('button', { name: 'Add Text' }).click()
  await rowOf(title).waitFor(SETTLED)
}

describe('training new knowledge', () => {
  it('embeds a text as soon as it is added when the agent trains automatically, with no Embed to click', async () => {
    await page.goto(`${dashboard.server.baseUrl}/app/agents/${agentId}`)
    await page.getByText('Automatic', { exact: true }).waitFor(SETTLED) // the overview's Training row
    // Issue 37: the empty lists say what to do first, that nothing follows, and offer to do it.
    const empty = page.getByTestId('knowledge-empty')
    await page.getByRole('tab', { name: /Documents/ }).click()
    await expect.poll(() => empty.textContent(), SETTLED).toContain('The agent learns it by itself')
    expect(await empty.textContent()).not.toMatch(/embed/i)
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      empty.getByRole('button', { name: 'Upload a document' }).click(),
    ])
    expect(chooser.isMultiple()).toBe(false)
    await page.getByRole('tab', { name: /Websites/ }).click()
    await expect.poll(() => empty.textContent(), SETTLED).toContain('The agent learns it by itself')
    await empty.getByRole('button', { name: 'Add a page' }).click()
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('add-website-name')
    await page.getByRole('tab', { name: /Texts/ }).click()
    expect(await empty.textContent()).not.toMatch(/embed/i)
    await empty.getByRole('button', { name: 'Add a text' }).click()
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('add-text-name')
    await addText('Green tea', 'Our green teas are steeped at 80 degrees for two minutes.')
    await badge('Green tea', 'Embedded').waitFor(SETTLED)
    expect(await page.getByRole('button', { name: 'Embed Green tea' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /^Embed all/ }).count()).toBe(0)
    expect((await texts())[0]).toMatchObject({ text_title: 'Green tea', embedded: true })
  })

  it('turns the setting off in Edit Agent; new texts wait, and Embed all trains them in one click', async () => {
    await page.getByRole('tab', { name: /Overview/ }).click()
    await page.getByRole('button', { name: 'Edit Agent' }).click()
    const training = page.getByRole('dialog').getByLabel('Train new knowledge automatically')
    expect(await training.isChecked()).toBe(true)
    await training.uncheck()
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
    await page.getByText('Manual (Embed each item)', { exact: true }).waitFor(SETTLED)
    expect((await api<{ auto_embed: boolean }>(`/agents/${agentId}/`)).auto_embed).toBe(false)
    await page.getByRole('tab', { name: /Websites/ }).click()
    await expect
      .poll(() => page.getByTestId('knowledge-empty').textContent(), SETTLED)
      .toContain('Once it is crawled, choose Embed on its row (or Embed all)')

    await page.getByRole('tab', { name: /Texts/ }).click()
    await addText('Black tea', 'Black teas are steeped at 95 degrees for four minutes.')
    await addText('Oolong', 'Oolong is steeped at 90 degrees for three minutes.')
    await badge('Oolong', 'Not embedded').waitFor(SETTLED)
    await page.getByRole('button', { name: 'Embed Oolong' }).waitFor(SETTLED)
    const embedAll = page.getByRole('button', { name: 'Embed all 2 texts waiting to be embedded' })
    await embedAll.waitFor(SETTLED)
    await screenshot(page, 'knowledge-embed-all-desktop')
    await embedAll.click()
    await toast(page, 'Embedding 2 texts').waitFor(SETTLED)
    await badge('Black tea', 'Embedded').waitFor(SETTLED)
    await badge('Oolong', 'Embedded').waitFor(SETTLED)
    await expect.poll(() => page.getByRole('button', { name: /^Embed all/ }).count(), SETTLED).toBe(0)
    expect((await texts()).every((text) => text.embedded)).toBe(true)
  })

  it('answers "Already embedded" for a row embedded elsewhere since the list was read', async () => {
    await addText('White tea', 'White tea is steeped at 75 degrees.')
    const [white] = await api<{ texts: { text_id: string; text_title: string }[] }>(`/agents/${agentId}/texts/`).then(
      (list) => list.texts.filter((text) => text.text_title === 'White tea'),
    )
    // Embedded by another tab: this page's row still offers Embed until the list is read again.
    await api(`/agents/${agentId}/text/${white?.text_id}/embed/`, {})
    await expect
      .poll(async () => (await texts()).find((text) => text.text_title === 'White tea')?.embedded, SETTLED)
      .toBe(true)
    await page.getByRole('button', { name: 'Embed White tea' }).click()
    await toast(page, 'Already embedded').waitFor(SETTLED)
    await badge('White tea', 'Embedded').waitFor(SETTLED)
    expect(problems).toEqual([])
  })

  it('fits a phone, Embed all included', async () => {
    await api(`/agents/${agentId}/texts/create/`, { text_title: 'Rooibos', text_content: 'Rooibos has no caffeine.' })
    const onPhone = await page.context().newPage()
    await onPhone.setViewportSize(MOBILE)
    await onPhone.goto(`${dashboard.server.baseUrl}/app/agents/${agentId}?tab=texts`)
    await onPhone.getByRole('button', { name: 'Embed all 1 text waiting to be embedded' }).waitFor(SETTLED)
    expect(await onPhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width)
    await screenshot(onPhone, 'knowledge-embed-all-mobile')
    await onPhone.close()
  })
})
