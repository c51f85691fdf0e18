// What the Widget and Integrations pages' browser tests share: the spawned server with one account and
// its agent "Shop helper", a page signed in as that account which may use the clipboard, and the ways
// those tests wait for a toast, switch tabs, read the clipboard and record the page.
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { callApi, registerAccount } from '../support/call-api.ts'
import { DESKTOP, MOBILE } from '../support/dashboard-browser.ts'
import { startSpawnedDashboard } from '../support/spawned-dashboard.ts'

export interface Integration {
  integration_id: string
  client_key: string
  website_name: string
  website_domain: string
  website_logo: string | null
  widget_position: string
  widget_color: string
  bot_name: string
  start_message: string
  auto_open_chat: boolean
  collect_user_email: boolean
  enable_attachments: boolean
  show_branding: boolean
  is_active: boolean
}

/** The server, the account, its agent and the page; the page's errors go to problems. */
export async function startWidgetOwnerPage(problems: string[]) {
  const dashboard = await startSpawnedDashboard()
  try {
    const { server, browser } = dashboard
    const tokens = await registerAccount(server.baseUrl, {
      email: 'widgets@shop.example',
      password: 'Widget-Page-9!',
      full_name: 'Widget Owner',
    })
    const api = <T = Record<string, unknown>>(path: string, body?: unknown) =>
      callApi<T>(server.baseUrl, tokens.access, path, body)
    const agentId = String((await api('/agents/create/', { name: 'Shop helper' })).agent_id)
    const context = await browser.newContext({ viewport: DESKTOP })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl })
    await context.addInitScript(
      ([access, refresh]) => {
        localStorage.setItem('access_token', access)
        localStorage.setItem('refresh_token', refresh)
      },
      [tokens.access, tokens.refresh] as const,
    )
    const page = await context.newPage()
    page.on('pageerror', (error) => problems.push(error.message))
    /** The agent's widget integrations, as the API reads them back. */
    const savedIntegrations = async () =>
      (await api<{ integrations: Integration[] }>(`/agents/${agentId}/integrations/frontend/`)).integrations
    return { server, page, agentId, api, savedIntegrations, close: dashboard.close }
  } catch (error) {
    await dashboard.close()
    throw error
  }
}

export type WidgetOwnerPage = Awaited<ReturnType<typeof startWidgetOwnerPage>>

/** The tests' ways with the page, which they read when called (a test file makes them before its set-up runs). */
export function widgetPageTools(page: () => Page) {
  /** Waits for a toast with this title (and message, when given). */
  async function toast(title: string, message?: string) {
    const found = page()
      .getByTestId('toast')
      .filter({ has: page().getByText(title, { exact: true }) })
    await found.first().waitFor()
    if (message) expect(await found.first().innerText()).toContain(message)
  }

  async function screenshots(name: string) {
    // Toasts of earlier steps would hide the screen being recorded.
    const dismiss = page().getByRole('button', { name: 'Dismiss notification' })
    while ((await dismiss.count()) > 0)
      await dismiss
        .first()
        .click({ timeout: 2_000 })
        .catch(() => undefined)
    await page().screenshot({ path: `test-results/screens/${name}-desktop.png`, fullPage: true })
    await page().setViewportSize(MOBILE)
    await page().waitForTimeout(300)
    await page().screenshot({ path: `test-results/screens/${name}-mobile.png`, fullPage: true })
    await page().setViewportSize(DESKTOP)
  }

  const clipboard = () => page().evaluate(() => navigator.clipboard.readText())
  // A tab whose fields hold a message is announced as "… (needs attention)".
  const tab = (name: string) => page().getByRole('tab', { name: new RegExp(`^${name}( \\(needs attention\\))?$`) })

  return { toast, screenshots, clipboard, tab }
}
