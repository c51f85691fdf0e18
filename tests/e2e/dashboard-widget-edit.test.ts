import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WIDGET_MESSAGES } from '../../server/widgets/widgets.schemas.ts'
import { SETTLED } from '../support/dashboard-browser.ts'
import { reportBrowserFailures } from '../support/report-browser-failure.ts'
import type { SpawnedServer } from '../support/spawn-server.ts'
import { startWidgetOwnerPage, widgetPageTools, type Integration, type WidgetOwnerPage } from './widget-owner-page.ts'

// Issue 19, editable widgets, in Chromium against the real server: with one agent the form has it chosen;
// Edit fills the form with an integration and saves through the update call, keeping its client key (so
// the snippet on the customer's site keeps working); a second widget for a site the agent already serves
// is warned about. The tests follow one another on one page.
let owner: WidgetOwnerPage
let server: SpawnedServer
let page: Page
let agentId: string
let teaShop: Integration
const problems: string[] = []
const { toast, screenshots, tab } = widgetPageTools(() => page)

beforeAll(async () => {
  owner = await startWidgetOwnerPage(problems)
  ;({ server, page, agentId } = owner)
  teaShop = await owner.api<Integration>(`/agents/${agentId}/integrations/frontend/`, {
    website_name: 'Tea Shop',
    website_domain: 'tea.example',
  })
})

afterAll(async () => {
  await owner?.close()
})

reportBrowserFailures({ page: () => page, server: () => server, problems })

describe('editing a widget integration', () => {
  it('has the only agent chosen, and lists its integration with an Edit action', async () => {
    await page.goto(`${server.baseUrl}/app/widget`)
    await expect.poll(() => page.getByLabel('Agent', { exact: true }).inputValue(), SETTLED).toBe(agentId)
    await page.getByRole('button', { name: 'Edit Tea Shop' }).waitFor(SETTLED)
  })

  it('fills the form, saves the change through the update call, and keeps the client key', async () => {
    await page.getByRole('button', { name: 'Edit Tea Shop' }).click()
    await page.getByText('Editing Tea Shop').waitFor(SETTLED)
    expect(await page.getByLabel('Website name').inputValue()).toBe('Tea Shop')
    expect(await page.getByLabel('Agent', { exact: true }).isDisabled()).toBe(true)
    await tab('Messages').click()
    await page.getByLabel('Start message').fill('Welcome to the tea shop! Ask about any blend.')
    await tab('Appearance').click()
    await page.getByLabel('Primary color', { exact: true }).fill('#0a7f5a')
    await screenshots('widget-edit-form')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await toast('Widget integration updated successfully')
    await page.getByRole('button', { name: 'Create Widget Integration' }).waitFor(SETTLED)

    const [saved] = await owner.savedIntegrations()
    expect(saved).toMatchObject({
      integration_id: teaShop.integration_id,
      client_key: teaShop.client_key,
      website_name: 'Tea Shop',
      website_domain: 'tea.example',
      start_message: 'Welcome to the tea shop! Ask about any blend.',
      widget_color: '#0a7f5a',
    })
    expect(await owner.savedIntegrations()).toHaveLength(1)
  })

  it('warns when a new widget names a site the agent already serves', async () => {
    await tab('Setup').click()
    await page.getByLabel('Website domain').fill('https://TEA.example/')
    await page
      .getByText('tea.example already has a widget of this agent (Tea Shop).', { exact: false })
      .waitFor(SETTLED)
    await page.getByLabel('Website domain').fill('coffee.example')
    await expect.poll(() => page.getByText('already has a widget of this agent', { exact: false }).count()).toBe(0)
    expect(problems).toEqual([])
  })

  it('says a domain alone means https, refuses another scheme, and keeps the http origin a page names', async () => {
    await page.getByRole('button', { name: 'Edit Tea Shop' }).click()
    await page.getByText('Editing Tea Shop').waitFor(SETTLED)
    await tab('Setup').click()
    await page
      .getByText('A domain alone, such as shop.example.com, means https on the usual port', { exact: false })
      .waitFor()
    await page.getByLabel('Website domain').fill('ftp://tea.example')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText(WIDGET_MESSAGES.domainInvalid, { exact: true }).waitFor(SETTLED)
    await page.getByLabel('Website domain').fill('HTTP://LocalHost:8080/')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await toast('Widget integration updated successfully')
    await page.getByRole('row').filter({ hasText: 'http://localhost:8080' }).waitFor(SETTLED)
    expect((await owner.savedIntegrations())[0]?.website_domain).toBe('http://localhost:8080')
    expect(problems).toEqual([])
  })
})
