import { once } from 'node:events'
import { mkdirSync } from 'node:fs'
import { getJwt } from '@shopify/shopify-api/test-helpers'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type App } from '../../server/app.ts'
import { createLogger } from '../../server/logging/create-logger.ts'
import { shopifyAppTestBuildDir } from '../support/build-dashboard-once.ts'
import { testConfig } from '../support/create-test-app.ts'
import { createTestDatabase, type TestDatabase } from '../support/create-test-database.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { startFakeShopifyAdmin } from '../integration/shopify/app-fake-shopify-admin.ts'

// The embedded Shopify app in Chromium, outside the admin frame (the login page lives there; the admin
// screens render there too when given a session token): built as `npm run build` builds it, served by
// the real server under its production content security policy, Shopify's side faked on 127.0.0.1.
const SCREENS = 'test-results/screens'
// The library refuses user agents it takes for robots, HeadlessChrome among them.
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

let testDatabase: TestDatabase
let app: App
let server: Server
let baseUrl: string
let browser: Browser
let fakeShopify: Awaited<ReturnType<typeof startFakeShopifyAdmin>>
const API_KEY = 'e2e-client-id'
const API_SECRET = 'e2e-client-secret'

beforeAll(async () => {
  fakeShopify = await startFakeShopifyAdmin({ apiKey: API_KEY, apiSecret: API_SECRET })
  fakeShopify.addShop('e2e-kettles.myshopify.com', { name: 'E2E Kettles', email: 'owner@e2e-kettles.example', primaryDomain: 'https://e2e-kettles.example' })
  testDatabase = await createTestDatabase()
  const config = testConfig({ DATA_DIR: testDatabase.location.DATA_DIR, DATABASE_URL: testDatabase.location.DATABASE_URL, SHOPIFY_API_KEY: API_KEY, SHOPIFY_API_SECRET: API_SECRET, PUBLIC_URL: 'https://agentdesk.example', LOG_LEVEL: 'warn' })
  app = await createApp({ config, database: testDatabase.database, logger: createLogger(config), shopifyBuildDir: shopifyAppTestBuildDir() })
  server = app.listen(0, '127.0.0.1')
  await once(server, 'listening')
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await launchChromium()
  mkdirSync(SCREENS, { recursive: true })
})

afterAll(async () => {
  await browser?.close()
  server?.close()
  await app?.close()
  await testDatabase?.cleanup()
  await fakeShopify?.close()
})

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

describe('the Shopify app login page', () => {
  it('renders the shop-domain form, its scripts running under the nonce policy', async () => {
    const { page, problems } = await open('/shopify/auth/login')
    await expect.poll(() => page.getByRole('heading', { name: 'Log in to AgentDesk' }).isVisible()).toBe(true)
    expect(await page.getByLabel('Shop domain').isVisible()).toBe(true)
    // React Router's inline context script ran: the policy let it through by its nonce.
    expect(await page.evaluate(() => typeof (window as unknown as { __reactRouterContext?: unknown }).__reactRouterContext)).toBe('object')
    expect(await page.locator('script[src*="app-bridge.js"]').count()).toBe(0)
    await page.screenshot({ path: `${SCREENS}/shopify-login-desktop.png`, fullPage: true })
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('an invalid shop domain shows the error under the field', async () => {
    const { page, problems } = await open('/shopify/auth/login')
    await page.getByLabel('Shop domain').fill('not a shop!')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => page.getByText('Please enter a valid shop domain to log in').isVisible()).toBe(true)
    expect(await page.getByLabel('Shop domain').getAttribute('aria-invalid')).toBe('true')
    await page.screenshot({ path: `${SCREENS}/shopify-login-invalid-shop.png`, fullPage: true })
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('an empty shop domain asks for one', async () => {
    const { page } = await open('/shopify/auth/login')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => page.getByText('Please enter your shop domain to log in').isVisible()).toBe(true)
    await page.context().close()
  })
})

describe('the embedded Agents screen outside the admin frame', () => {
  it('with a session token, shows the shop account and its agents', async () => {
    const idToken = (await getJwt('e2e-kettles', API_KEY, API_SECRET)).token
    const host = Buffer.from('admin.shopify.com/store/e2e-kettles').toString('base64url')
    const { page, problems } = await open(`/shopify/app?embedded=1&shop=e2e-kettles.myshopify.com&host=${host}&id_token=${idToken}`)
    await expect.poll(() => page.getByRole('heading', { name: 'Agents' }).first().isVisible()).toBe(true)
    expect(await page.getByText('No agents yet').isVisible()).toBe(true)
    expect(await page.getByText('E2E Kettles').isVisible()).toBe(true)
    await page.screenshot({ path: `${SCREENS}/shopify-agents-empty.png`, fullPage: true })
    // App Bridge itself cannot load here (no network): every other problem counts.
    expect(problems.filter((problem) => !problem.includes('ERR_NAME_NOT_RESOLVED') && !problem.includes('Failed to load resource'))).toEqual([])
    await page.context().close()
  })
})
