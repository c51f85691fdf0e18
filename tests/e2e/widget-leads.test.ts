import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi, registerAccount } from '../support/call-api.ts'
import { createDatabaseLocation, type DatabaseLocation } from '../support/create-test-database.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { startLocalServer, type LocalServer } from '../support/local-http-server.ts'
import { spawnServer, type SpawnedServer } from '../support/spawn-server.ts'

// Issue 21, leads in Chromium: on a customer's page whose widget collects e-mails, the widget asks for
// the e-mail before the chat, and the agent gets a lead with the page the visitor was on (no query).
let server: SpawnedServer
let location: DatabaseLocation
let host: LocalServer
let browser: Browser
let token: string
let agentId: string
let clientKey: string

beforeAll(async () => {
  location = await createDatabaseLocation()
  server = await spawnServer({ DATA_DIR: location.DATA_DIR })
  host = await startLocalServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(
      `<!doctype html><html lang="en"><head><title>Customer shop</title></head><body><h1>Pricing</h1>
<script src="${server.baseUrl}/widget/v1/widget.js" data-client-key="${clientKey}" async></script></body></html>`,
    )
  })
  ;({ access: token } = await registerAccount(server.baseUrl, {
    email: 'leads@shop.example',
    password: 'Widget-Leads-9',
    full_name: 'Owner',
  }))
  agentId = String((await callApi(server.baseUrl, token, '/agents/create/', { name: 'Shop helper' })).agent_id)
  const integration = await callApi(server.baseUrl, token, `/agents/${agentId}/integrations/frontend/`, {
    website_name: 'Shop',
    website_domain: new URL(host.url).origin,
    collect_user_email: true,
  })
  clientKey = String(integration.client_key)
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  server?.child.kill('SIGTERM')
  await server?.exited
  await location?.destroy()
  await host?.close()
})

describe('leads from the widget', () => {
  it('asks for the e-mail first when the integration collects it, and the agent gets a lead with the page', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    await page.goto(`${host.url}/pricing?utm=secret#top`)
    await page.locator('[data-agentdesk-widget] >> css=button.launcher').click()
    const email = page.locator('[data-agentdesk-widget] >> css=form:not(.hidden) input[type=email]')
    await email.waitFor({ state: 'visible' })
    expect(await page.locator('[data-agentdesk-widget] >> css=textarea').isVisible()).toBe(false)
    await email.fill('Lead.Visitor@Example.com')
    await page.locator('[data-agentdesk-widget] >> css=form:not(.hidden) button').click()
    await page.locator('[data-agentdesk-widget] >> css=textarea').waitFor({ state: 'visible' })
    const leads = await callApi<{ leads: unknown[] }>(server.baseUrl, token, `/agents/${agentId}/leads/`)
    expect(leads.leads).toMatchObject([
      { email: 'lead.visitor@example.com', page_url: `${host.url}/pricing`, website_name: 'Shop' },
    ])
    expect(problems).toEqual([])
    await context.close()
  })
})
