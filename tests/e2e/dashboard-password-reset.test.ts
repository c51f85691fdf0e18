import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MOBILE, SETTLED, fitsPhone, screenshot, signedInContext, toast } from '../support/dashboard-browser.ts'
import { reportBrowserFailures } from '../support/report-browser-failure.ts'
import { linkIn, startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.ts'
import { startSpawnedDashboard, type SpawnedDashboard } from '../support/spawned-dashboard.ts'
import { accountsOn } from './account-owner.ts'

// Issue 20, "Forgot password?" in Chromium against the real server and a real SMTP server: the link asked
// for on the sign-in screen arrives by e-mail, opens the page that sets a new password, and that password
// signs in. Without SMTP_URL the screens say e-mail is not set up (checked in the phone-width test).
const ACCOUNT = { email: 'forgetful@owner.example', password: 'First-Pass-1', full_name: 'Fran Forgetful' }
const NEW_PASSWORD = 'Second-Pass-2'
let inbox: SmtpInbox
let dashboard: SpawnedDashboard
let page: Page
const { register } = accountsOn(() => dashboard)

beforeAll(async () => {
  inbox = await startSmtpInbox()
  dashboard = await startSpawnedDashboard({ SMTP_URL: inbox.url, PUBLIC_URL: 'https://chat.example.com' })
  await register(ACCOUNT)
})

afterAll(async () => {
  await dashboard?.close()
  await inbox?.close()
})

reportBrowserFailures({ page: () => page, server: () => dashboard.server })

describe('Forgot password', () => {
  it('e-mails a link from the sign-in screen; the link sets a new password, which signs in', async () => {
    const context = await signedInContext(dashboard.browser, dashboard.server.baseUrl, null)
    page = await context.newPage()
    await page.goto(`${dashboard.server.baseUrl}/auth`)
    const emailSetup = page.waitForResponse((response) => response.url().endsWith('/api/accounts/email-setup/'))
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor()
    // This server sends e-mail: once it has said so, no notice that it does not.
    expect(await (await emailSetup).json()).toEqual({ email_delivery: 'smtp' })
    await page.getByRole('button', { name: 'Send link' }).waitFor()
    expect(await page.getByText('This server does not send e-mail yet').count()).toBe(0)
    await page.getByLabel('Email').fill(ACCOUNT.email)
    await page.getByRole('button', { name: 'Send link' }).click()
    await page.getByText('a link to set a new password is on its way').waitFor()
    await expect.poll(() => inbox.to(ACCOUNT.email, 'password').length, SETTLED).toBe(1)
    const link = linkIn(inbox.to(ACCOUNT.email, 'password')[0]!, '/auth/reset-password')

    await page.goto(`${dashboard.server.baseUrl}${link.pathname}${link.search}`)
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor()
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByLabel('Confirm new password').fill('Something-Else-3')
    await page.getByRole('button', { name: 'Set new password' }).click()
    await page.getByText('New passwords do not match').waitFor()
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Set new password' }).click()
    await toast(page, 'Your password is set. Sign in with it.').waitFor()
    await page.waitForURL('**/auth')

    await page.getByLabel('Email').fill(ACCOUNT.email)
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL('**/app/dashboard', SETTLED)

    // The link was spent: opened again, it says so.
    await page.goto(`${dashboard.server.baseUrl}${link.pathname}${link.search}`)
    await page.getByLabel('New password', { exact: true }).fill('Third-Pass-3!')
    await page.getByLabel('Confirm new password').fill('Third-Pass-3!')
    await page.getByRole('button', { name: 'Set new password' }).click()
    await page.getByText('This link has expired or was already used. Ask for a new one.').waitFor()
    await context.close()
  })

  it('fits a phone, and says so when the server sends no e-mail', async () => {
    const plain = await startSpawnedDashboard()
    try {
      const context = await signedInContext(plain.browser, plain.server.baseUrl, null, MOBILE)
      page = await context.newPage()
      await page.goto(`${plain.server.baseUrl}/auth/forgot-password`)
      await page.getByText('This server does not send e-mail yet').waitFor()
      await fitsPhone(page)
      await screenshot(page, 'forgot-password-mobile')
      await page.goto(`${plain.server.baseUrl}/auth?tab=signup`)
      await page.getByText('This server does not send e-mail yet').waitFor()
      await context.close()
    } finally {
      await plain.close()
    }
  })
})
