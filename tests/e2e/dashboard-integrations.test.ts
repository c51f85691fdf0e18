import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SETTLED } from '../support/dashboard-browser.ts'
import { reportBrowserFailures } from '../support/report-browser-failure.ts'
import type { SpawnedServer } from '../support/spawn-server.ts'
import { startWidgetOwnerPage, widgetPageTools, type WidgetOwnerPage } from './widget-owner-page.ts'

// The Integrations page in Chromium against the real server: its cards and tabs, the embed code read
// back from the clipboard, the Zapier test's request, and the way on to the Widget page. The tests
// follow one another on one page: each goes on from where the last left it.
let owner: WidgetOwnerPage
let server: SpawnedServer
let page: Page
const problems: string[] = []
const { toast, screenshots, clipboard, tab } = widgetPageTools(() => page)

beforeAll(async () => {
  owner = await startWidgetOwnerPage(problems)
  ;({ server, page } = owner)
})

afterAll(async () => {
  await owner?.close()
})

reportBrowserFailures({ page: () => page, server: () => server, problems })

describe('the Integrations page in Chromium', () => {
  it('shows the three cards and the Website, API, Zapier and Marketplace tabs', async () => {
    await page.goto(`${server.baseUrl}/app/integrations`)
    await page.getByRole('heading', { name: 'Integrations', exact: true }).waitFor()
    for (const card of ['Website Widget', 'API Access', 'Zapier'])
      await page.getByRole('heading', { name: card, exact: true }).waitFor()
    expect(await page.getByRole('link', { name: 'Configure' }).getAttribute('href')).toBe('/app/widget')

    const snippet = page.getByTestId('embed-code')
    expect(await snippet.innerText()).toContain('data-client-key="YOUR_BOT_ID"')
    await page.getByRole('button', { name: 'Copy Code', exact: true }).click()
    await toast('Copied to clipboard!')
    expect(await clipboard()).toContain('YOUR_BOT_ID')
    await page.getByRole('combobox', { name: 'Position' }).waitFor()
    expect(await page.getByRole('combobox', { name: 'Position' }).locator('option').allInnerTexts()).toEqual([
      'Bottom Right',
      'Bottom Left',
      'Top Right',
      'Top Left',
    ])
    await screenshots('integrations')

    await tab('API').click()
    await page.getByText(`${server.baseUrl}/api/conversations/index/`).waitFor()
    await page.getByText('No API keys yet.', { exact: false }).waitFor(SETTLED)

    await tab('Marketplace').click()
    for (const category of ['CMS', 'CRM', 'Social Media', 'Automation'])
      await page.getByRole('heading', { name: category, exact: true }).waitFor()
    // Nothing claims to be configured for an account that configured nothing: each says how it works today.
    expect(await page.getByText('Configured', { exact: true }).count()).toBe(0)
    expect(await page.getByText('Add with the widget code', { exact: true }).count()).toBe(2)
    expect(await page.getByText('Shopify app', { exact: true }).count()).toBe(1)
    await page.getByRole('button', { name: 'CRM', exact: true }).click()
    // HubSpot is listed under All as well, so its heading says nothing about the filter: wait for the filter itself.
    await expect
      .poll(() => page.getByRole('button', { name: 'CRM', exact: true }).getAttribute('aria-pressed'), SETTLED)
      .toBe('true')
    await expect.poll(() => page.getByRole('heading', { name: 'WordPress' }).count(), SETTLED).toBe(0)
    await page.getByRole('heading', { name: 'HubSpot' }).waitFor()
  })

  it('makes an API key that is shown once, works as a bearer for the agents call, and is gone once deleted', async () => {
    await tab('API').click()
    await page.getByLabel('Key name').fill('Order sync')
    await page.getByRole('button', { name: 'Create API key' }).click()
    const secret = page.getByTestId('new-api-key')
    await secret.waitFor(SETTLED)
    const key = (await secret.innerText()).trim()
    expect(key).toMatch(/^adk_live_[A-Za-z0-9_-]{32}$/)
    await page.getByRole('button', { name: 'Copy key' }).click()
    await toast('Copied')
    expect(await clipboard()).toBe(key)
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Order sync' })
    await row.getByText(`adk_live_${'•'.repeat(12)}${key.slice(-4)}`).waitFor(SETTLED)
    await row.getByText('never used', { exact: false }).waitFor()
    await screenshots('integrations-api-key')

    // The key is a bearer for the agents call, as a server would use it.
    const agents = await fetch(`${server.baseUrl}/api/agents/`, { headers: { Authorization: `Bearer ${key}` } })
    expect(agents.status).toBe(200)

    // Once the page is left, the key is never shown again: only its masked form.
    await page.reload()
    await tab('API').click()
    await row.waitFor(SETTLED)
    expect(await page.getByText(key).count()).toBe(0)
    await row.getByText('last used', { exact: false }).waitFor(SETTLED)

    await row.getByRole('button', { name: 'Delete Order sync' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await row.waitFor({ state: 'detached', ...SETTLED })
    const refused = await fetch(`${server.baseUrl}/api/agents/`, { headers: { Authorization: `Bearer ${key}` } })
    expect(refused.status).toBe(401)
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([])
  })

  it('the Zapier test asks for a URL, then posts the timestamp and the page origin to it', async () => {
    await tab('Zapier').click()
    for (const trigger of [
      'New conversation started',
      'User provides contact information',
      'Conversation completed',
      'Custom event triggered',
    ])
      await page.getByText(trigger, { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Test Webhook' }).click()
    await toast('Please enter your Zapier webhook URL')
    expect(await page.getByLabel('Zapier webhook URL').getAttribute('type')).toBe('url')

    // The page's content security policy (connect-src 'self') allows only its own origin, so the
    // test's "Zapier" is a path of the server itself; what matters is what the browser sends.
    const hook = `${server.baseUrl}/zapier-test-hook`
    await page.getByLabel('Zapier webhook URL').fill(hook)
    const [request] = await Promise.all([
      page.waitForRequest(hook),
      page.getByRole('button', { name: 'Test Webhook' }).click(),
    ])
    const event = JSON.parse(request.postData() ?? '{}') as { timestamp: string; triggered_from: string }
    expect(request.method()).toBe('POST')
    expect(event.triggered_from).toBe(server.baseUrl)
    expect(new Date(event.timestamp).toISOString()).toBe(event.timestamp)
    await toast('Webhook triggered successfully!')
    await page.getByRole('button', { name: 'Test Webhook' }).waitFor()
  })

  it('adds a webhook endpoint, shows its secret once, and lists its deliveries', async () => {
    // The spawned server opens no private network to webhooks: a delivery to this host is refused, and
    // the log says so after one attempt.
    await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/hook')
    await page.getByRole('checkbox', { name: 'answer.rated' }).uncheck()
    await page.getByRole('button', { name: 'Add endpoint' }).click()
    const secret = await page.getByTestId('webhook-secret').textContent()
    expect(secret).toMatch(/^whsec_/)
    const endpoint = page.getByTestId('webhook-endpoint').first()
    expect(await endpoint.textContent()).not.toContain('answer.rated')
    await owner.api('/webhooks/events/', { name: 'browser.test' })
    await endpoint.getByRole('button', { name: 'Deliveries' }).click()
    const delivery = endpoint.getByTestId('webhook-delivery').first()
    await expect
      .poll(async () => (await delivery.textContent().catch(() => '')) ?? '', { timeout: 30_000 })
      .toContain('failed')
    expect(await delivery.textContent()).toContain('private or reserved address')
    await page.reload()
    await tab('Zapier').click()
    await page.getByTestId('webhook-endpoint').first().waitFor()
    expect(await page.getByTestId('webhook-secret').count()).toBe(0)
  })

  it('Configure leads to the Widget page', async () => {
    await page.getByRole('link', { name: 'Configure' }).click()
    await page.getByRole('heading', { name: 'Widget Configuration' }).waitFor()
    await expect.poll(() => new URL(page.url()).pathname, SETTLED).toBe('/app/widget')
    expect(problems).toEqual([])
  })
})
