import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, MOBILE, SETTLED } from '../support/dashboard-browser.ts'
import { solidPng } from '../support/image-fixtures.ts'
import { reportBrowserFailures } from '../support/report-browser-failure.ts'
import type { SpawnedServer } from '../support/spawn-server.ts'
import { startWidgetOwnerPage, widgetPageTools, type Integration, type WidgetOwnerPage } from './widget-owner-page.ts'

// The Widget page in Chromium against the real server: the form's messages, the live preview, creating
// (and failing to create) an integration, its embed code read back from the clipboard, and the agent's
// integration list. The tests follow one another on one page: each goes on from where the last left it.
let owner: WidgetOwnerPage
let server: SpawnedServer
let page: Page
let agentId: string
const problems: string[] = []
const { toast, screenshots, clipboard, tab } = widgetPageTools(() => page)

const savedIntegrations = () => owner.savedIntegrations()
const launcher = () => page.getByTestId('widget-preview-launcher')
const launcherColour = () => launcher().evaluate((element) => getComputedStyle(element).backgroundColor)
const createButton = () => page.getByRole('button', { name: 'Create Widget Integration' })

beforeAll(async () => {
  owner = await startWidgetOwnerPage(problems)
  ;({ server, page, agentId } = owner)
  // Two agents, so the form starts with none chosen (with one, it is chosen already: dashboard-widget-edit).
  await owner.api('/agents/create/', { name: 'Returns desk' })
})

afterAll(async () => {
  await owner?.close()
})

reportBrowserFailures({ page: () => page, server: () => server, problems })

describe('the Widget page in Chromium', () => {
  it('when the form is sent empty or wrong, it shows the SPEC messages and sends nothing', async () => {
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/integrations/frontend/')) posts.push(request.url())
    })
    await page.goto(`${server.baseUrl}/app/widget`)
    await page.getByRole('heading', { name: 'Widget Configuration' }).waitFor()
    await expect
      .poll(() => page.getByLabel('Agent', { exact: true }).locator('option').allInnerTexts(), SETTLED)
      .toContain('Shop helper')
    for (const name of ['Setup', 'Appearance', 'Behavior', 'Messages']) await tab(name).waitFor()
    await screenshots('widget-form')

    await createButton().click()
    for (const message of ['Please select an agent', 'Website name is required', 'Website domain is required']) {
      await page.getByText(message, { exact: true }).waitFor()
    }

    await tab('Appearance').click()
    await page.getByLabel('Primary color', { exact: true }).fill('red;background:url(x)')
    await tab('Messages').click()
    await page.getByLabel('Bot name').fill('  ')
    await page.getByLabel('Start message').fill('')
    await createButton().click()
    await page.getByText('Please select an agent', { exact: true }).waitFor()
    for (const name of ['Setup', 'Appearance', 'Messages'])
      await page.getByRole('tab', { name: `${name} (needs attention)` }).waitFor()
    await tab('Messages').click()
    await page.getByText('Bot name is required', { exact: true }).waitFor()
    await page.getByText('Start message is required', { exact: true }).waitFor()
    await tab('Appearance').click()
    await page.getByText('Must be a valid hex color code', { exact: true }).waitFor()
    // The refused colour never reaches the preview's style: it keeps the default.
    expect(await launcherColour()).toBe('rgb(99, 102, 241)')

    await page.getByRole('button', { name: 'Reset' }).click()
    await tab('Messages').click()
    await expect.poll(() => page.getByLabel('Bot name').inputValue(), SETTLED).toBe('Assistant')
    await expect
      .poll(() => page.getByLabel('Start message').inputValue(), SETTLED)
      .toBe('Hello! How can I help you today?')
    expect(posts).toEqual([])
  })

  it('the live preview follows the fields: corner, colour, names, message and logo', async () => {
    await tab('Setup').click()
    await page.getByLabel('Agent', { exact: true }).selectOption(agentId)
    await page.getByLabel('Website name').fill('Shop')
    await page.getByLabel('Website domain').fill('https://shop.example.com/')
    await page
      .getByLabel('Logo (optional)')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(8, 8) })
    await page.locator('.widget-preview__logo').waitFor()
    expect(await page.locator('.widget-preview__logo').getAttribute('src')).toMatch(/^blob:/)
    expect(await page.getByTestId('widget-preview').innerText()).toContain('Agent: Shop helper')

    await tab('Appearance').click()
    const before = await launcher().boundingBox()
    await page.getByLabel('Position', { exact: true }).selectOption('top-left')
    // The corner's class comes in the same render as data-position: once that is there, the box is final.
    await expect.poll(() => page.getByTestId('widget-preview').getAttribute('data-position'), SETTLED).toBe('top-left')
    const after = await launcher().boundingBox()
    expect(before && after).toBeTruthy()
    expect(after!.x).toBeLessThan(before!.x)
    expect(after!.y).toBeLessThan(before!.y)
    await page.getByLabel('Primary color', { exact: true }).fill('#e11d48')
    await expect.poll(launcherColour, SETTLED).toBe('rgb(225, 29, 72)')
    await page.getByLabel('Show branding').uncheck()
    await expect
      .poll(() => page.getByTestId('widget-preview').getByText('Powered by AgentDesk').count(), SETTLED)
      .toBe(0)

    await tab('Behavior').click()
    await page.getByLabel('Auto-open chat').check()
    await page.getByLabel('Collect user email').check()
    await page.getByLabel('Enable attachments').uncheck()

    await tab('Messages').click()
    await page.getByLabel('Bot name').fill('Shop Bot')
    await page.getByLabel('Start message').fill('Welcome to the shop!')
    await expect.poll(() => page.getByTestId('widget-preview-bot-name').innerText(), SETTLED).toBe('Shop Bot')
    await expect
      .poll(() => page.getByTestId('widget-preview-message').innerText(), SETTLED)
      .toBe('Welcome to the shop!')
  })

  it('when the server refuses the logo, the form stays with both failure toasts', async () => {
    await tab('Setup').click()
    await page
      .getByLabel('Logo (optional)')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') })
    await page.getByText('The website logo must be a PNG, JPEG, GIF or WebP image smaller than 2 MB').waitFor()
    await page
      .getByLabel('Logo (optional)')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is not an image at all') })
    await createButton().click()
    await toast('Failed to create widget integration. Please try again.')
    await toast('Error', 'The website logo must be an image (PNG, JPEG, GIF or WebP)')
    expect(await page.getByLabel('Website name').inputValue()).toBe('Shop')
    expect(await savedIntegrations()).toEqual([])
  })

  it('creates the integration as multipart with the domain stripped, and shows its code in both tabs', async () => {
    await page
      .getByLabel('Logo (optional)')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(8, 8) })
    // The browser does not expose a multipart body with a file to Playwright, so the page notes the
    // fields it hands to fetch; the request itself goes to the server unchanged.
    await page.evaluate(() => {
      const sent: Record<string, string>[] = []
      Object.assign(window, { sentForms: sent })
      const send = window.fetch.bind(window)
      window.fetch = (input, init) => {
        if (init?.body instanceof FormData)
          sent.push(
            Object.fromEntries(
              [...init.body.entries()].map(([name, value]) => [
                name,
                typeof value === 'string' ? value : `file:${value.name}:${value.type}`,
              ]),
            ),
          )
        return send(input, init)
      }
    })
    const isCreate = (url: string, method: string) =>
      method === 'POST' && url.endsWith(`/api/agents/${agentId}/integrations/frontend/`)
    const [request, response] = await Promise.all([
      page.waitForRequest((candidate) => isCreate(candidate.url(), candidate.method())),
      page.waitForResponse((candidate) => isCreate(candidate.url(), candidate.request().method())),
      createButton().click(),
    ])
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data/)
    const [fields] = await page.evaluate(() => (window as unknown as { sentForms: Record<string, string>[] }).sentForms)
    expect(fields).toMatchObject({
      website_name: 'Shop',
      website_domain: 'shop.example.com',
      widget_position: 'top-left',
      widget_color: '#e11d48',
      auto_open_chat: 'true',
      website_logo: 'file:logo.png:image/png',
    })
    expect(response.status()).toBe(201)
    const created = (await response.json()) as Integration

    await toast('Widget integration created successfully!')
    await toast('Integration Created', 'Your chat widget integration has been created successfully.')
    await tab('General Website').waitFor()

    await page.getByRole('button', { name: 'Copy Code', exact: true }).click()
    await toast('General widget code copied to clipboard!')
    const general = await clipboard()
    expect(general).toContain(`data-client-key="${created.client_key}"`)
    expect(general).toContain(`${server.baseUrl}/widget/v1/widget.js`)
    await screenshots('widget-result')

    await tab('Shopify Store').click()
    await expect.poll(() => page.locator('ol li').count(), SETTLED).toBe(5)
    await page.getByText('A theme update replaces theme.liquid', { exact: false }).waitFor()
    await page.getByText('data-debug="true"', { exact: false }).first().waitFor()
    await page.getByRole('button', { name: 'Copy Code', exact: true }).click()
    await toast('Shopify widget code copied to clipboard!')
    const shopify = await clipboard()
    expect(shopify).toContain(`data-client-key="${created.client_key}"`)
    expect(shopify).toContain('data-debug="false"')

    const [saved] = await savedIntegrations()
    expect(saved).toMatchObject({
      client_key: created.client_key,
      website_name: 'Shop',
      website_domain: 'shop.example.com',
      widget_position: 'top-left',
      widget_color: '#e11d48',
      bot_name: 'Shop Bot',
      start_message: 'Welcome to the shop!',
      auto_open_chat: true,
      collect_user_email: true,
      enable_attachments: false,
      show_branding: false,
      is_active: true,
    })
    expect(saved?.website_logo).toMatch(/^\/api\/widget-logos\//)
  })

  it('Create Another Widget returns to the empty form, the agent kept and its list showing the integration', async () => {
    await page.getByRole('button', { name: 'Create Another Widget' }).click()
    await createButton().waitFor()
    expect(await page.getByLabel('Website name').inputValue()).toBe('')
    expect(await page.getByLabel('Website domain').inputValue()).toBe('')
    expect(await page.getByLabel('Agent', { exact: true }).inputValue()).toBe(agentId)
    expect(await page.getByTestId('widget-preview').getAttribute('data-position')).toBe('bottom-right')
    expect(await launcherColour()).toBe('rgb(99, 102, 241)')

    const row = page.getByRole('row').filter({ hasText: 'shop.example.com' })
    await row.waitFor()
    expect(await row.innerText()).toContain('Shop')
    expect(await row.innerText()).toContain('Active')
    await page.getByRole('heading', { name: 'Integrations for Shop helper' }).waitFor()
    // Under 768 px the five columns become a list with the same facts and actions.
    await page.setViewportSize(MOBILE)
    const item = page.getByRole('listitem').filter({ hasText: 'shop.example.com' })
    await item.waitFor()
    await item.getByRole('button', { name: 'Copy code for Shop' }).waitFor()
    await page.setViewportSize(DESKTOP)
  })

  it('the list copies the code and switches the integration off and on', async () => {
    const [saved] = await savedIntegrations()
    await page.getByRole('button', { name: 'Copy code for Shop' }).click()
    await toast('Code Copied!', 'The integration code has been copied to your clipboard.')
    expect(await clipboard()).toContain(`data-client-key="${saved?.client_key}"`)

    await page.getByRole('button', { name: 'Deactivate Shop' }).click()
    await toast('Integration Deactivated')
    await page.getByRole('row').filter({ hasText: 'Inactive' }).waitFor()
    expect((await savedIntegrations())[0]?.is_active).toBe(false)
    await page.getByRole('button', { name: 'Activate Shop' }).click()
    await toast('Integration Activated')
    await page.getByRole('button', { name: 'Deactivate Shop' }).waitFor()
    expect((await savedIntegrations())[0]?.is_active).toBe(true)
  })

  it('deletes the integration only after the confirmation', async () => {
    await page.getByRole('button', { name: 'Delete Shop' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Are you sure you want to delete this integration?').waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(await savedIntegrations()).toHaveLength(1)

    await page.getByRole('button', { name: 'Delete Shop' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await toast('Integration Deleted', 'The chat widget integration has been deleted successfully.')
    await page.getByText('No integrations found for this agent.').waitFor()
    expect(await savedIntegrations()).toEqual([])
    expect(problems).toEqual([])
  })
})
