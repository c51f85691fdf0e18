import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MOBILE, SETTLED, fitsPhone, screenshot, signedInContext } from '../support/dashboard-browser.ts'
import { reportBrowserFailures } from '../support/report-browser-failure.ts'
import { linkIn, startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.ts'
import { startSpawnedDashboard, type SpawnedDashboard } from '../support/spawned-dashboard.ts'
import { accountsOn } from './account-owner.ts'

// Issue 36, item 1, in Chromium against the real server and a real SMTP server: when the server holds
// password sign-in back (429), the sign-in screen offers a one-time link by e-mail; the link opens
// /auth/sign-in, which signs in and lands in the dashboard. The screen offers the link at any time too,
// at phone width as well.
const ACCOUNT = { email: 'locked-out@owner.example', password: 'First-Pass-1', full_name: 'Lou Lockedout' }
let inbox: SmtpInbox
let dashboard: SpawnedDashboard
let page: Page
const { register } = accountsOn(() => dashboard)

beforeAll(async () => {
  inbox = await startSmtpInbox()
  dashboard = await startSpawnedDashboard({
    SMTP_URL: inbox.url,
    PUBLIC_URL: 'https://chat.example.com',
    AUTH_SIGN_IN_FREE_FAILURES: '1',
  })
  await register(ACCOUNT)
}, 240_000)

afterAll(async () => {
  await dashboard?.close()
  await inbox?.close()
})

reportBrowserFailures({ page: () => page, server: () => dashboard.server })

const signInLinks = () => inbox.to(ACCOUNT.email, 'sign-in link')
const pathOf = (link: URL) => `${dashboard.server.baseUrl}${link.pathname}${link.search}`

describe('Sign in with an e-mailed link', () => {
  it('is offered when password sign-in is held back, and the mailed link signs in to the dashboard', async () => {
    const context = await signedInContext(dashboard.browser, dashboard.server.baseUrl, null)
    page = await context.newPage()
    await page.goto(`${dashboard.server.baseUrl}/auth`)
    await page.getByLabel('Email').fill(ACCOUNT.email)
    await page.getByLabel('Password', { exact: true }).fill('Wrong-Pass-1')
    // Wrong passwords until the server makes this address wait (it answers 429 and offers the link).
    let status = 0
    for (let attempt = 0; attempt < 8 && status !== 429; attempt++) {
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/accounts/login/'))
      await page.getByRole('button', { name: 'Sign In' }).click()
      status = (await answer).status()
    }
    expect(status).toBe(429)
    await page.getByText('Sign in with a link instead').waitFor()
    await page.getByText('You can still sign in now with a one-time link sent to your e-mail address.').waitFor()
    await screenshot(page, 'sign-in-link-offered')
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
    await page.getByText('a sign-in link is on its way').waitFor()
    await expect.poll(() => signInLinks().length, SETTLED).toBe(1)
    const link = linkIn(signInLinks()[0]!, '/auth/sign-in')
    expect(link.origin).toBe('https://chat.example.com')

    await page.goto(pathOf(link))
    await page.getByRole('heading', { name: 'Sign in with a link' }).waitFor()
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL('**/app/dashboard', SETTLED)
    await context.close()

    // Spent: opened again, it says so and offers a new one.
    const again = await signedInContext(dashboard.browser, dashboard.server.baseUrl, null)
    page = await again.newPage()
    await page.goto(pathOf(link))
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByText('This sign-in link has expired or was already used. Ask for a new one.').waitFor()
    await page.getByRole('button', { name: 'Email me a sign-in link' }).waitFor()
    await again.close()
  }, 180_000)

  it('is offered on the sign-in screen at any time, and the journey fits a phone', async () => {
    const context = await signedInContext(dashboard.browser, dashboard.server.baseUrl, null, MOBILE)
    page = await context.newPage()
    await page.goto(`${dashboard.server.baseUrl}/auth`)
    await page.getByLabel('Email').fill(ACCOUNT.email)
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
    await page.getByText('a sign-in link is on its way').waitFor()
    await fitsPhone(page)
    await expect.poll(() => signInLinks().length, SETTLED).toBe(2)
    const link = linkIn(signInLinks()[1]!, '/auth/sign-in')

    await page.goto(pathOf(link))
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor()
    await fitsPhone(page)
    await screenshot(page, 'sign-in-link-mobile')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL('**/app/dashboard', SETTLED)
    await context.close()
  }, 180_000)
})
