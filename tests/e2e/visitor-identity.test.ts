import { SignJWT } from 'jose'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SETTLED } from '../support/dashboard-browser.ts'
import { reportBrowserFailures } from '../support/report-browser-failure.ts'
import { accountsOn, type Tokens } from './account-owner.ts'
import { inWidget, openWidget as openOn, startWidgetHost, type WidgetHost } from './widget-host.ts'

// Issue 21, identity for signed-in visitors in Chromium: the customer's page embeds a visitor token its
// server signed; the same user on a second device finds the chat they started on the first, the team
// sees a verified visitor, and a forged token is refused with a console message while the chat goes on
// anonymously.
const OWNER = { email: 'vera@identity.example', password: 'Identity-Pass-4', full_name: 'Vera Owner' }
let site: WidgetHost
let owner: Tokens
let identitySecret = ''
let teamPage: Page
const { api, register, signedInContext } = accountsOn(() => site.dashboard)

const sign = (key: string) =>
  // A name whose UTF-8 bytes make base64url's own characters (- and _) in the payload, as real names do.
  new SignJWT({ sub: 'customer-7', email: 'sam@example.com', name: 'Zoë Chloé' })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(key))

const openWidget = (page: Page, path: string) => openOn(page, site.host.url, path)

beforeAll(async () => {
  // The customer's server signs its signed-in user's token into the page; /forged with another secret.
  site = await startWidgetHost(
    async (path) =>
      ` data-visitor-token="${await sign(path === '/forged' ? 'wis_not-the-widget-secret-0123456789' : identitySecret)}"`,
  )
  owner = await register(OWNER)
  const agentId = (await api<{ agent_id: string }>('/agents/create/', owner.access, { name: 'Account help' })).json
    .agent_id
  const integration = await api<{ client_key: string; integration_id: string }>(
    `/agents/${agentId}/integrations/frontend/`,
    owner.access,
    { website_name: 'Account', website_domain: site.domain },
  )
  site.useClientKey(integration.json.client_key)
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
  await site?.close()
})

reportBrowserFailures({ page: () => teamPage, server: () => site.dashboard.server })

describe('signed-in visitors', () => {
  it('finds a signed-in user’s chat on another device, and shows the team who they are', async () => {
    const laptop = await (await site.dashboard.browser.newContext()).newPage()
    await openWidget(laptop, '/account')
    await inWidget(laptop, 'textarea').fill('Where is my invoice for March?')
    await inWidget(laptop, 'textarea').press('Enter')
    await expect.poll(() => inWidget(laptop, '.msg.ai').count(), SETTLED).toBeGreaterThan(1)

    const phone = await (await site.dashboard.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
    await openWidget(phone, '/account')
    await inWidget(phone, '.msg.user').filter({ hasText: 'Where is my invoice for March?' }).waitFor(SETTLED)

    const { json } = await api<{ data: { id: string }[] }>('/conversations/index/', owner.access)
    await teamPage.goto(`${site.dashboard.server.baseUrl}/app/conversations?conversation=${json.data[0]!.id}`)
    const verified = teamPage.getByTestId('verified-visitor')
    await verified.waitFor(SETTLED)
    expect(await verified.textContent()).toContain('Zoë Chloé · sam@example.com · id customer-7')
    expect((await sign(identitySecret)).split('.')[1]).toMatch(/[-_]/)
  })

  it('refuses a forged token with a console message, and the chat goes on anonymously', async () => {
    const page = await (await site.dashboard.browser.newContext()).newPage()
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
