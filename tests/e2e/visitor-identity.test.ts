import { SignJWT } from 'jose'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SETTLED } from '../support/dashboard-browser.ts'
import { startLocalServer, type LocalServer } from '../support/local-http-server.ts'
import { reportBrowserFailures } from '../support/report-browser-failure.ts'
import { startSpawnedDashboard, type SpawnedDashboard } from '../support/spawned-dashboard.ts'
import { accountsOn, type Tokens } from './account-owner.ts'

// Issue 21, identity for signed-in visitors in Chromium: the customer's page embeds a visitor token its
// server signed; the same user on a second device finds the chat they started on the first, the team
// sees a verified visitor, and a forged token is refused with a console message while the chat goes on
// anonymously.
const OWNER = { email: 'vera@identity.example', password: 'Identity-Pass-4', full_name: 'Vera Owner' }
let dashboard: SpawnedDashboard
let host: LocalServer
let owner: Tokens
let clientKey = ''
let identitySecret = ''
let teamPage: Page
const { api, register, signedInContext } = accountsOn(() => dashboard)

const sign = (key: string) =>
  new SignJWT({ sub: 'customer-7', email: 'sam@example.com', name: 'Sam Lee' })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(key))

const inWidget = (page: Page, selector: string) => page.locator(`[data-agentdesk-widget] >> css=${selector}`)

async function openWidget(page: Page, path: string) {
  await page.goto(`${host.url}${path}`)
  await inWidget(page, 'button.launcher').click()
  await inWidget(page, 'textarea').waitFor({ state: 'visible' })
}

beforeAll(async () => {
  dashboard = await startSpawnedDashboard()
  host = await startLocalServer(async (req, res) => {
    const token =
      req.url === '/forged' ? await sign('wis_not-the-widget-secret-0123456789') : await sign(identitySecret)
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(
      `<!doctype html><html lang="en"><head><title>Account</title></head><body><h1>Your account</h1>
<script src="${dashboard.server.baseUrl}/widget/v1/widget.js" data-client-key="${clientKey}" data-visitor-token="${token}" async></script></body></html>`,
    )
  })
  owner = await register(OWNER)
  const agentId = (await api<{ agent_id: string }>('/agents/create/', owner.access, { name: 'Account help' })).json
    .agent_id
  const integration = await api<{ client_key: string; integration_id: string }>(
    `/agents/${agentId}/integrations/frontend/`,
    owner.access,
    { website_name: 'Account', website_domain: `127.0.0.1:${new URL(host.url).port}` },
  )
  clientKey = integration.json.client_key
  identitySecret = (
    await api<{ identity_secret: string }>(
      `/agents/${agentId}/integrations/frontend/${integration.json.integration_id}/identity-secret/`,
      owner.access,
      {},
    )
  ).json.identity_secret
  teamPage = await (await signedInContext(owner)).newPage()
}, 120_000)
afterAll(async () => {
  await dashboard?.close()
  await host?.close()
})

reportBrowserFailures({ page: () => teamPage, server: () => dashboard.server })

describe('signed-in visitors', () => {
  it('finds a signed-in user’s chat on another device, and shows the team who they are', async () => {
    const laptop = await (await dashboard.browser.newContext()).newPage()
    await openWidget(laptop, '/account')
    await inWidget(laptop, 'textarea').fill('Where is my invoice for March?')
    await inWidget(laptop, 'textarea').press('Enter')
    await expect.poll(() => inWidget(laptop, '.msg.ai').count(), SETTLED).toBeGreaterThan(1)

    const phone = await (await dashboard.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
    await openWidget(phone, '/account')
    await inWidget(phone, '.msg.user').filter({ hasText: 'Where is my invoice for March?' }).waitFor(SETTLED)

    const { json } = await api<{ data: { id: string }[] }>('/conversations/index/', owner.access)
    await teamPage.goto(`${dashboard.server.baseUrl}/app/conversations?conversation=${json.data[0]!.id}`)
    const verified = teamPage.getByTestId('verified-visitor')
    await verified.waitFor(SETTLED)
    expect(await verified.textContent()).toContain('Sam Lee · sam@example.com · id customer-7')
  })

  it('refuses a forged token with a console message, and the chat goes on anonymously', async () => {
    const page = await (await dashboard.browser.newContext()).newPage()
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await openWidget(page, '/forged')
    await inWidget(page, 'textarea').fill('Hello?')
    await inWidget(page, 'textarea').press('Enter')
    await expect.poll(() => inWidget(page, '.msg.ai').count(), SETTLED).toBeGreaterThan(1)
    expect(errors.some((text) => text.startsWith('[agentdesk] The visitor token is not valid'))).toBe(true)
    expect(await inWidget(page, '.msg.user').filter({ hasText: 'Where is my invoice' }).count()).toBe(0)
  })
})
