// The embedded Shopify app in Chromium, outside the admin frame (the login page lives there; the admin
// screens render there too when given a session token): built as `npm run build` builds it, served by
// the real server under its production content security policy, Shopify's side faked on 127.0.0.1.
// Every shopify-app-*.test.ts starts one of its own; touch this file to change what they all start.
import { once } from 'node:events'
import { mkdirSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { getJwt } from '@shopify/shopify-api/test-helpers'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { createHttpApp } from '../../server/http/create-http-app.ts'
import { createLogger } from '../../server/logging/create-logger.ts'
import { startFakeShopifyAdmin } from '../integration/shopify/app-fake-shopify-admin.ts'
import { shopifyAppTestBuildDir } from '../support/build-dashboard-once.ts'
import { testConfig } from '../support/create-test-app.ts'
import { createTestDatabase } from '../support/create-test-database.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { FAKE_APP_BRIDGE, type FakeAppBridgeRecord } from './fake-app-bridge.ts'

export const SCREENS = 'test-results/screens'
export const SHOP = 'e2e-kettles.myshopify.com'
// The library refuses user agents it takes for robots, HeadlessChrome among them.
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const API_KEY = 'e2e-client-id'
const API_SECRET = 'e2e-client-secret'
const ADMIN_HOST = Buffer.from('admin.shopify.com/store/e2e-kettles').toString('base64url')

/** Starts the fake Shopify, the app on a test database of its own and Chromium; close() stops them in reverse. */
export async function startShopifyAppTestbed() {
  const stops: (() => unknown)[] = []
  const close = async () => {
    for (const stop of stops.splice(0).reverse()) await stop()
  }
  try {
    const fakeShopify = await startFakeShopifyAdmin({ apiKey: API_KEY, apiSecret: API_SECRET })
    stops.push(() => fakeShopify.close())
    fakeShopify.addShop(SHOP, {
      name: 'E2E Kettles',
      email: 'owner@e2e-kettles.example',
      primaryDomain: 'https://e2e-kettles.example',
    })
    const testDatabase = await createTestDatabase()
    stops.push(() => testDatabase.cleanup())
    const config = testConfig({
      DATA_DIR: testDatabase.location.DATA_DIR,
      DATABASE_URL: testDatabase.location.DATABASE_URL,
      SHOPIFY_API_KEY: API_KEY,
      SHOPIFY_API_SECRET: API_SECRET,
      PUBLIC_URL: 'https://agentdesk.example',
      BILLING_MODE: 'enforced',
      LOG_LEVEL: 'warn',
      DASHBOARD_DIR: process.env.DASHBOARD_DIR,
    })
    const app = await createHttpApp({
      config,
      database: testDatabase.database,
      logger: createLogger(config),
      shopifyBuildDir: shopifyAppTestBuildDir(),
    })
    stops.push(() => app.close())
    // Loading the app's build takes seconds (twice more on a busy machine): not inside a test's first page.
    await app.shopifyAppLoaded()
    const server = app.listen(0, '127.0.0.1')
    stops.push(() => server.close())
    await once(server, 'listening')
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const browser = await launchChromium()
    stops.push(() => browser.close())
    mkdirSync(SCREENS, { recursive: true })

    const sessionToken = async () => (await getJwt('e2e-kettles', API_KEY, API_SECRET)).token
    const shopAccountId = async () =>
      (await testDatabase.database.prisma.shopifyShop.findUniqueOrThrow({ where: { shopDomain: SHOP } })).accountId
    const adminQuery = async (query: Record<string, string> = {}) =>
      new URLSearchParams({ embedded: '1', shop: SHOP, host: ADMIN_HOST, id_token: await sessionToken(), ...query })

    /** A page of the app as a visitor outside the admin opens it, and the errors the browser reports. */
    async function open(path: string): Promise<{ page: Page; problems: string[] }> {
      const context = await browser.newContext({ userAgent: CHROME, viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      const problems: string[] = []
      page.on('pageerror', (error) => problems.push(error.message))
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text())
      })
      const response = await page.goto(`${baseUrl}${path}`)
      expect(response?.status()).toBe(200)
      return { page, problems }
    }

    /**
     * An embedded screen as the admin opens it, with App Bridge stood in for by a small fake of its global
     * (session tokens signed with the app's secret, toasts and the save bar recorded): the real script
     * comes from Shopify's CDN, which cannot be reached here.
     */
    async function openEmbedded(path: string, query: Record<string, string> = {}) {
      const context = await browser.newContext({ userAgent: CHROME, viewport: { width: 1280, height: 800 } })
      await context.exposeFunction('mintSessionToken', sessionToken)
      await context.route('https://cdn.shopify.com/shopifycloud/app-bridge.js', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: FAKE_APP_BRIDGE }),
      )
      const page = await context.newPage()
      const problems: string[] = []
      page.on('pageerror', (error) => problems.push(error.message))
      page.on('console', (message) => {
        // Polaris's stylesheet asks Shopify's CDN for its font, which cannot be reached here.
        if (message.type() === 'error' && !message.text().includes('ERR_NAME_NOT_RESOLVED'))
          problems.push(message.text())
      })
      const response = await page.goto(`${baseUrl}${path}?${await adminQuery(query)}`)
      expect(response?.status()).toBe(200)
      const appBridge = () =>
        page.evaluate(() => (window as unknown as { appBridgeRecord: FakeAppBridgeRecord }).appBridgeRecord)
      const toastSaying = (text: string) =>
        expect
          .poll(async () => (await appBridge()).toasts.map((toast) => toast.message), { timeout: 15_000 })
          .toContain(text)
      return { page, problems, appBridge, toastSaying }
    }

    /** Opens the app as the admin does the first time, which installs it: the shop's account is made. */
    async function installShop() {
      const response = await fetch(`${baseUrl}/shopify/app?${await adminQuery()}`, {
        headers: { 'User-Agent': CHROME },
      })
      if (response.status !== 200) throw new Error(`installing the app answered ${response.status}`)
    }

    /** Makes agents of the installed shop's account through the API with a session token, in this order. */
    async function createAgents(...names: string[]) {
      for (const name of names) {
        const created = await fetch(`${baseUrl}/api/agents/create/`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${await sessionToken()}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name }),
        })
        if (created.status !== 201) throw new Error(`agent ${name} not created: ${created.status}`)
      }
    }

    return {
      fakeShopify,
      testDatabase,
      baseUrl,
      open,
      openEmbedded,
      sessionToken,
      shopAccountId,
      installShop,
      createAgents,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

export type ShopifyAppTestbed = Awaited<ReturnType<typeof startShopifyAppTestbed>>
