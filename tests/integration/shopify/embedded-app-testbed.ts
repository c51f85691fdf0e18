// The embedded Shopify app through the real Express server and a fresh build of the React Router app,
// against a fake Shopify (token exchange, Admin GraphQL) and a test database of its own.
import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import type { Writable } from 'node:stream'
import { getJwt } from '@shopify/shopify-api/test-helpers'
import supertest from 'supertest'
import { createHttpApp, type HttpApp } from '../../../server/http/create-http-app.ts'
import { createLogger } from '../../../server/logging/create-logger.ts'
import { buildShopifyApp, shopifyAppTestBuildDir } from '../../support/build-dashboard-once.ts'
import { testConfig } from '../../support/create-test-app.ts'
import { createTestDatabase, type TestDatabase } from '../../support/create-test-database.ts'
import { startFakeShopifyAdmin } from './app-fake-shopify-admin.ts'

export const API_KEY = 'test-shopify-client-id'
export const API_SECRET = 'test-shopify-client-secret'
const PUBLIC_URL = 'https://agentdesk.example'
// authenticate.admin answers 410 to user agents isbot recognises (supertest's among them).
export const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

export interface EmbeddedAppTestbedOptions {
  /** The store's handle: the shop is <store>.myshopify.com. */
  store: string
  profile: { name: string; email: string; primaryDomain: string }
  logSink?: Writable
  /** More configuration (SHOPIFY_BILLING_TEST, …). */
  config?: Record<string, string>
}

export async function startEmbeddedAppTestbed({
  store,
  profile,
  logSink,
  config: moreConfig = {},
}: EmbeddedAppTestbedOptions) {
  const shop = `${store}.myshopify.com`
  const host = Buffer.from(`admin.shopify.com/store/${store}`).toString('base64url')
  const buildDir = shopifyAppTestBuildDir(`${store}-${randomUUID()}`)
  await buildShopifyApp(buildDir)
  const fakeShopify = await startFakeShopifyAdmin({ apiKey: API_KEY, apiSecret: API_SECRET })
  fakeShopify.addShop(shop, profile)
  const testDatabase: TestDatabase = await createTestDatabase()
  const config = testConfig({
    DATA_DIR: testDatabase.location.DATA_DIR,
    DATABASE_URL: testDatabase.location.DATABASE_URL,
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: API_SECRET,
    PUBLIC_URL,
    BILLING_MODE: 'enforced',
    LOG_LEVEL: logSink ? 'debug' : 'silent',
    ...moreConfig,
  })
  const app: HttpApp = await createHttpApp({
    config,
    database: testDatabase.database,
    logger: createLogger(config, logSink),
    shopifyBuildDir: buildDir,
  })
  // Loading the app's build takes seconds (twice more on a busy machine): not inside a test's first request.
  await app.shopifyAppLoaded()
  return {
    shop,
    app,
    testDatabase,
    fakeShopify,
    request: () => supertest(app),
    sessionToken: async (forStore = store) => (await getJwt(forStore, API_KEY, API_SECRET)).token,
    /** The query the admin opens the app with (embedded, shop, host, and the session token if given). */
    adminQuery: (idToken?: string) =>
      new URLSearchParams({ embedded: '1', shop, host, ...(idToken ? { id_token: idToken } : {}) }).toString(),
    close: async () => {
      await app.close()
      await testDatabase.cleanup()
      await fakeShopify.close()
      rmSync(buildDir, { recursive: true, force: true })
    },
  }
}

export type EmbeddedAppTestbed = Awaited<ReturnType<typeof startEmbeddedAppTestbed>>
