import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { signUp, type SignedUp } from '../support/accounts.ts'
import {
  DESKTOP,
  MOBILE,
  SETTLED,
  fitsPhone,
  screenshot,
  showsWholeOnPhone,
  signedInContext,
} from '../support/dashboard-browser.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { startListeningTestApp } from '../support/listening-test-app.ts'
import { reportBrowserFailures } from '../support/report-browser-failure.ts'

// The ways to the plans inside the signed-in frame, in Chromium against the real app with plan limits
// enforced: the header's Upgrade Plan, the sidebar's Subscribe (open, collapsed, and as a phone's sheet),
// the bottom bar's Plans and Customer Information kept in the frame (issue 37 item 8); and a session that
// ends by itself forgetting the billing details typed before a checkout.
let listening: Awaited<ReturnType<typeof startListeningTestApp>>
let browser: Browser
let owner: SignedUp
let context: BrowserContext | undefined
let page: Page | undefined

const url = (path: string) => `${listening.baseUrl}${path}`

/** A new page in its own context, signed in as the account; closed after the test. */
async function openPage(account: SignedUp, viewport = DESKTOP) {
  context = await signedInContext(browser, listening.baseUrl, account, viewport)
  page = await context.newPage()
  return page
}

beforeAll(async () => {
  listening = await startListeningTestApp({
    BILLING_MODE: 'enforced',
    ...(process.env.DASHBOARD_DIR ? { DASHBOARD_DIR: process.env.DASHBOARD_DIR } : {}),
  })
  browser = await launchChromium()
  owner = await signUp(listening.testApp, { full_name: 'Olivia Owner' })
}, 120_000)

afterEach(async () => {
  await context?.close()
  context = undefined
  page = undefined
})
// Registered after the closing hook, so it runs first (hooks run in reverse) and still sees the page.
reportBrowserFailures({ page: () => page, server: () => undefined })

afterAll(async () => {
  await browser?.close()
  await listening?.close()
})

describe('the ways to the plans in the frame', () => {
  it('on a desktop, the header’s Upgrade Plan and the sidebar’s Subscribe (open or collapsed) lead to Payment', async () => {
    const on = await openPage(owner)
    await on.goto(url('/app/dashboard'))
    await on.getByRole('banner').getByRole('button', { name: 'Upgrade Plan' }).click()
    await on.waitForURL('**/app/payment')
    await on.getByRole('heading', { name: 'Choose Your Plan', level: 1 }).waitFor()

    const sidebar = on.getByRole('complementary', { name: 'Main navigation' })
    await sidebar.getByRole('link', { name: 'Usage', exact: true }).click()
    await on.waitForURL('**/app/usage')
    await sidebar.getByRole('link', { name: 'Subscribe' }).click()
    await on.waitForURL('**/app/payment')
    // The address changes before the screen follows: wait for the link to say it is the current page.
    await expect
      .poll(() => sidebar.getByRole('link', { name: 'Subscribe' }).getAttribute('aria-current'), SETTLED)
      .toBe('page')

    await on.getByRole('button', { name: 'Collapse sidebar' }).click()
    await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).click()
    await on.waitForURL('**/app/dashboard')
    expect(await sidebar.getByText('Subscribe').isVisible()).toBe(false)
    await sidebar.getByRole('link', { name: 'Subscribe' }).click()
    await on.waitForURL('**/app/payment')
    await on.getByRole('heading', { name: 'Choose Your Plan', level: 1 }).waitFor()
  })

  it('on a phone, the header keeps Upgrade Plan and its menu opens the sidebar with Subscribe', async () => {
    const on = await openPage(owner, MOBILE)
    await on.goto(url('/app/dashboard'))
    const sidebar = on.getByRole('complementary', { name: 'Main navigation' })
    const bottomBar = on.getByRole('navigation', { name: 'Quick navigation' })
    await bottomBar.getByRole('link', { name: 'Plans' }).waitFor()
    expect(await sidebar.isVisible()).toBe(false)
    const upgrade = on.getByRole('banner').getByRole('button', { name: 'Upgrade Plan' })
    await showsWholeOnPhone(upgrade)
    await upgrade.click()
    await on.waitForURL('**/app/payment')
    await on.getByRole('heading', { name: 'Choose Your Plan', level: 1 }).waitFor()

    await bottomBar.getByRole('link', { name: 'Home' }).click()
    await on.waitForURL('**/app/dashboard')
    await on.getByRole('button', { name: 'Open menu' }).click()
    await sidebar.waitFor()
    expect(await on.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true')
    await showsWholeOnPhone(sidebar.getByRole('link', { name: 'Subscribe' }))
    await fitsPhone(on)
    await screenshot(on, 'billing-menu-mobile')
    await on.keyboard.press('Escape')
    await sidebar.waitFor({ state: 'hidden' })
    expect(await on.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false')

    await on.getByRole('button', { name: 'Open menu' }).click()
    await sidebar.getByRole('link', { name: 'Subscribe' }).click()
    await on.waitForURL('**/app/payment')
    await sidebar.waitFor({ state: 'hidden' })
    await on.getByRole('heading', { name: 'Choose Your Plan', level: 1 }).waitFor()

    await bottomBar.getByRole('link', { name: 'Plans' }).click()
    await on.waitForURL('**/app/plans')
    await on.getByRole('heading', { name: 'Subscription Plans', level: 1 }).waitFor()
    // Plans and Customer Information keep the signed-in frame: no dead end (issue 37 item 8).
    await bottomBar.getByRole('link', { name: 'Plans' }).waitFor()
    expect(await bottomBar.getByRole('link', { name: 'Plans' }).getAttribute('aria-current')).toBe('page')
    expect(await on.getByRole('navigation', { name: 'Account' }).count()).toBe(0)
    await on.getByRole('link', { name: 'Get Started with Pro 1' }).click()
    await on.waitForURL('**/app/customer-info?plan=1')
    await on.getByRole('heading', { name: 'Order Summary' }).waitFor()
    await showsWholeOnPhone(bottomBar.getByRole('link', { name: 'Home' }))
    await fitsPhone(on)
    await screenshot(on, 'billing-customer-info-in-frame-mobile')
    await bottomBar.getByRole('link', { name: 'Home' }).click()
    await on.waitForURL('**/app/dashboard')
  })
})

describe('when the session ends by itself', () => {
  it('forgets the billing details typed before a checkout, so whoever signs in next does not send them', async () => {
    const on = await openPage(owner)
    await on.goto(url('/app/dashboard'))
    await on.getByRole('heading', { name: 'Welcome', exact: false }).first().waitFor()
    // The details the customer-information form keeps in the tab, then tokens the server no longer takes.
    await on.evaluate(() => {
      sessionStorage.setItem(
        'customerInfo',
        JSON.stringify({ firstName: 'Ada', lastName: 'Byron', email: 'a@b.example' }),
      )
      localStorage.setItem('access_token', 'not-a-token')
      localStorage.setItem('refresh_token', 'not-a-token-either')
    })
    await on.goto(url('/app/usage'))
    await on.waitForURL('**/auth**')
    expect(await on.evaluate(() => sessionStorage.getItem('customerInfo'))).toBeNull()
  })
})
