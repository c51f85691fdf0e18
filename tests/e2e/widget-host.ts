// What the widget's browser tests with a team on the other side share: the real server spawned with
// Chromium, and a customer's page on 127.0.0.1 that embeds the widget (its client key set once the
// integration exists, and any further script attributes a path asks for, such as a visitor token).
import type { Page } from 'playwright-core'
import { startLocalServer } from '../support/local-http-server.ts'
import { startSpawnedDashboard } from '../support/spawned-dashboard.ts'

/** The widget's own elements on a customer's page (inside its shadow root). */
export const inWidget = (page: Page, selector: string) => page.locator(`[data-agentdesk-widget] >> css=${selector}`)

/** Opens the customer's page at `path` and the chat window on it. */
export async function openWidget(page: Page, baseUrl: string, path = '/') {
  await page.goto(`${baseUrl}${path}`)
  await inWidget(page, 'button.launcher').click()
  await inWidget(page, 'textarea').waitFor({ state: 'visible' })
}

/** `settings`: the server's environment beyond the defaults (such as BILLING_MODE). */
export async function startWidgetHost(
  extraAttributes: (path: string) => Promise<string> | string = () => '',
  settings: Record<string, string> = {},
) {
  const dashboard = await startSpawnedDashboard(settings)
  let clientKey = ''
  const host = await startLocalServer(async (req, res) => {
    const extra = await extraAttributes(req.url ?? '/')
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(
      `<!doctype html><html lang="en"><head><title>Customer site</title></head><body><h1>Customer site</h1>
<script src="${dashboard.server.baseUrl}/widget/v1/widget.js" data-client-key="${clientKey}"${extra} async></script></body></html>`,
    )
  })
  return {
    dashboard,
    host,
    /** The domain an integration for this page names: its origin, as it is served over http on its own port. */
    domain: new URL(host.url).origin,
    useClientKey: (key: string) => void (clientKey = key),
    close: async () => {
      await dashboard.close()
      await host.close()
    },
  }
}

export type WidgetHost = Awaited<ReturnType<typeof startWidgetHost>>
