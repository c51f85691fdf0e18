import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp } from '../support/accounts.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { startListeningTestApp } from '../support/listening-test-app.ts'
import { giveShopifyBilledPlan } from '../support/shopify-merchant-plan.ts'

// Issue 17: an account a Shopify store made pays through Shopify Billing, never by card. Its Usage &
// Plan page sends it to the app's Plans screen in the Shopify admin instead of offering Stripe's portal.
let listening: Awaited<ReturnType<typeof startListeningTestApp>>
let browser: Browser
const SHOPIFY_KEY = 'shopify-key-for-the-merchant-test'
const url = (path: string) => `${listening.baseUrl}${path}`

beforeAll(async () => {
  listening = await startListeningTestApp({
    SHOPIFY_API_KEY: SHOPIFY_KEY,
    SHOPIFY_API_SECRET: 'shopify-secret-for-the-merchant-test',
    PUBLIC_URL: 'https://agentdesk.example',
    ...(process.env.DASHBOARD_DIR ? { DASHBOARD_DIR: process.env.DASHBOARD_DIR } : {}),
  })
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await listening?.close()
})

describe('a Shopify merchant', () => {
  it('is sent to the Shopify admin for the plan, with no Manage Billing', async () => {
    const merchant = await signUp(listening.testApp, { full_name: 'Mira Merchant' })
    await giveShopifyBilledPlan(listening.testApp.database, merchant.userId, 'mira-gear.myshopify.com')
    const merchantContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: {
        cookies: [],
        origins: [
          {
            origin: listening.baseUrl,
            localStorage: [
              { name: 'access_token', value: merchant.access },
              { name: 'refresh_token', value: merchant.refresh },
            ],
          },
        ],
      },
    })
    try {
      const merchantPage = await merchantContext.newPage()
      await merchantPage.goto(url('/app/usage'))
      await merchantPage.getByRole('heading', { name: 'Current Plan: Pro 2' }).waitFor()
      await merchantPage
        .getByText('Your plan is billed by Shopify: choose or change it in your Shopify admin.')
        .waitFor()
      expect(await merchantPage.getByRole('link', { name: 'Manage in Shopify admin' }).getAttribute('href')).toBe(
        `https://admin.shopify.com/store/mira-gear/apps/${SHOPIFY_KEY}/app/plans`,
      )
      expect(await merchantPage.getByRole('button', { name: 'Manage Billing' }).count()).toBe(0)
    } finally {
      await merchantContext.close()
    }
  })
})
