import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MOBILE, fitsPhone, screenshot } from '../support/dashboard-browser.ts'
import { reportBrowserFailures } from '../support/report-browser-failure.ts'
import { startSpawnedDashboard, type SpawnedDashboard } from '../support/spawned-dashboard.ts'
import { accountsOn } from './account-owner.ts'

// Issue 21, an agent's Leads tab in Chromium against the real server: the contacts visitors left through
// the widget's API, searched, exported as CSV (the file the browser downloads), and at phone width; and
// the agent's conversations exported from its Overview.
const OWNER = { email: 'lena@leads.example', password: 'Leads-Pass-5', full_name: 'Lena Leads' }
let dashboard: SpawnedDashboard
let page: Page
let agentId: string
let clientKey: string
const { api, register, signedInContext } = accountsOn(() => dashboard)

/** A visitor of the integration's site who starts a chat leaving their e-mail. */
async function visitorLeaves(clientKey: string, email: string, page_url: string) {
  const origin = 'https://shop.example.com'
  const base = `${dashboard.server.baseUrl}/api/conversations/api`
  const session = await fetch(`${base}/start-chat-widget/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ client_key: clientKey }),
  })
  const { token } = (await session.json()) as { token: string }
  const created = await fetch(`${base}/create/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, Authorization: `Bearer ${token}` },
    body: JSON.stringify({ visitor_email: email, page_url }),
  })
  expect(created.status).toBe(201)
}

beforeAll(async () => {
  dashboard = await startSpawnedDashboard()
  const owner = await register(OWNER)
  agentId = String(
    (await api<{ agent_id: string }>('/agents/create/', owner.access, { name: 'Front desk' })).json.agent_id,
  )
  const integration = await api<{ client_key: string }>(`/agents/${agentId}/integrations/frontend/`, owner.access, {
    website_name: 'Shop',
    website_domain: 'shop.example.com',
    collect_user_email: true,
  })
  clientKey = integration.json.client_key
  await visitorLeaves(integration.json.client_key, 'ana@example.com', 'https://shop.example.com/pricing')
  await visitorLeaves(integration.json.client_key, 'ben@example.org', 'https://shop.example.com/returns')
  const context = await signedInContext(owner)
  page = await context.newPage()
})
afterAll(async () => {
  await dashboard?.close()
})

reportBrowserFailures({ page: () => page, server: () => dashboard.server })

describe('Leads', () => {
  it('lists the contacts visitors left, newest first, and searches them', async () => {
    await page.goto(`${dashboard.server.baseUrl}/app/agents/${agentId}?tab=leads`)
    const rows = page.getByTestId('lead-row')
    await rows.first().waitFor()
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringContaining('ben@example.org'),
      expect.stringContaining('ana@example.com'),
    ])
    await page.getByRole('link', { name: 'shop.example.com/pricing' }).waitFor()
    await page.getByLabel('Search leads').fill('pricing')
    await expect.poll(() => rows.count()).toBe(1)
    await page.getByLabel('Search leads').fill('nobody')
    await page.getByText('No leads match “nobody”.').waitFor()
    await page.getByLabel('Search leads').fill('')
    await expect.poll(() => rows.count()).toBe(2)
  })

  it('exports them as a CSV file', async () => {
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe(`leads-${agentId}.csv`)
    const stream = await file.createReadStream()
    let text = ''
    for await (const chunk of stream) text += String(chunk)
    const lines = text.trim().split('\r\n')
    expect(lines[0]).toBe('email,name,page_url,website_name,conversation_id,created_at')
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['ben@example.org', 'ana@example.com'])
  })

  it('exports the agent’s conversations from its Overview as JSON', async () => {
    await page.goto(`${dashboard.server.baseUrl}/app/agents/${agentId}?tab=overview`)
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export chats (JSON)' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe(`conversations-${agentId}.json`)
    let text = ''
    for await (const chunk of await file.createReadStream()) text += String(chunk)
    const exported = JSON.parse(text) as { conversations: { visitor_email: string; messages: unknown[] }[] }
    expect(exported.conversations.map((conversation) => conversation.visitor_email)).toEqual([
      'ana@example.com',
      'ben@example.org',
    ])
    // Each starts with the widget's start message.
    expect(exported.conversations.every((conversation) => conversation.messages.length === 1)).toBe(true)
  })

  it('deletes a lead after a confirmation naming what goes with it', async () => {
    await visitorLeaves(clientKey, 'cora@example.net', 'https://shop.example.com/faq')
    await page.goto(`${dashboard.server.baseUrl}/app/agents/${agentId}?tab=leads`)
    const rows = page.getByTestId('lead-row')
    await expect.poll(() => rows.count()).toBe(3)
    await page.getByRole('button', { name: 'Delete lead cora@example.net' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this lead?' })
    await dialog
      .getByText(
        'This deletes the lead cora@example.net, 1 conversation with this visitor and their 1 message and 0 files, for good. It cannot be undone.',
      )
      .waitFor()
    await screenshot(page, 'agent-leads-delete-confirmation')
    await dialog.getByRole('button', { name: 'Delete lead' }).click()
    await page.getByText('cora@example.net and their conversations are gone.').waitFor()
    await expect.poll(() => rows.count()).toBe(2)
    expect(await rows.allInnerTexts()).not.toEqual(
      expect.arrayContaining([expect.stringContaining('cora@example.net')]),
    )
  })

  it('fits a phone', async () => {
    await page.goto(`${dashboard.server.baseUrl}/app/agents/${agentId}?tab=leads`)
    await page.setViewportSize(MOBILE)
    await page.getByTestId('lead-row').first().waitFor()
    await fitsPhone(page)
    await screenshot(page, 'agent-leads-mobile')
  })

  it("erases a visitor's data by address from the profile's Settings, at phone width", async () => {
    await page.goto(`${dashboard.server.baseUrl}/app/profile?tab=settings`)
    const field = page.getByLabel("Visitor's e-mail")
    await field.fill('not an address')
    await page.getByRole('button', { name: 'Erase data' }).click()
    await page.getByText('Please enter a valid email address').waitFor()
    await field.fill('Ben@Example.org')
    await page.getByRole('button', { name: 'Erase data' }).click()
    const dialog = page.getByRole('dialog', { name: "Erase this visitor's data?" })
    await dialog
      .getByText('Every lead, conversation, message and file your agents keep about ben@example.org')
      .waitFor()
    await dialog.getByRole('button', { name: 'Erase data' }).click()
    await page.getByText('Deleted for ben@example.org: 1 lead, 1 conversation, 1 message and 0 files.').waitFor()
    await fitsPhone(page)
    await screenshot(page, 'profile-erase-visitor-mobile')
    await page.goto(`${dashboard.server.baseUrl}/app/agents/${agentId}?tab=leads`)
    const rows = page.getByTestId('lead-row')
    await rows.first().waitFor()
    expect(await rows.allInnerTexts()).toEqual([expect.stringContaining('ana@example.com')])
  })
})
