import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DESKTOP,
  MOBILE,
  SETTLED,
  fitsPhone,
  screenshot,
  signedInContext,
  toast,
} from '../support/dashboard-browser.ts'
import { reportBrowserFailures } from '../support/report-browser-failure.ts'
import { linkIn, startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.ts'
import { startSpawnedDashboard, type SpawnedDashboard } from '../support/spawned-dashboard.ts'
import { accountsOn } from './account-owner.ts'

// Issue 20, proving an address in Chromium against the real server and a real SMTP server: the profile
// says the sign-up address is not verified and sends the link again; the link opens a page that confirms
// it; a new sign-in e-mail waits for its own link, which the profile shows, and then takes effect.
const ACCOUNT = { email: 'vera@verify.example', password: 'Verify-Pass-4', full_name: 'Vera Verify' }
const NEW_EMAIL = 'vera@new-home.example'
let inbox: SmtpInbox
let dashboard: SpawnedDashboard
let page: Page
const { api, register } = accountsOn(() => dashboard)

beforeAll(async () => {
  inbox = await startSmtpInbox()
  dashboard = await startSpawnedDashboard({ SMTP_URL: inbox.url, PUBLIC_URL: 'https://chat.example.com' })
})
afterAll(async () => {
  await dashboard?.close()
  await inbox?.close()
})

reportBrowserFailures({ page: () => page, server: () => dashboard.server })

/** Opens the newest check link mailed to `email` (the `count`-th) in the page. */
async function openCheckLink(email: string, count: number) {
  await expect.poll(() => inbox.to(email, 'confirm your').length, SETTLED).toBe(count)
  const link = linkIn(inbox.to(email, 'confirm your').at(-1)!, '/auth/verify-email')
  await page.goto(`${dashboard.server.baseUrl}${link.pathname}${link.search}`)
  // Nothing is confirmed by opening the page (a mail scanner may): the reader confirms.
  await page.getByRole('button', { name: 'Confirm this address' }).click()
}

describe('Proving an e-mail address', () => {
  it('shows Not verified, sends the link again, and the link confirms the address', async () => {
    const tokens = await register(ACCOUNT)
    const context = await signedInContext(dashboard.browser, dashboard.server.baseUrl, tokens, MOBILE)
    page = await context.newPage()
    await page.goto(`${dashboard.server.baseUrl}/app/profile`)
    await page.getByText('Not verified').waitFor()
    await page.getByText('Open the link we sent to this address').waitFor()
    await fitsPhone(page)
    await screenshot(page, 'profile-email-not-verified-mobile')
    await page.getByRole('button', { name: 'Send the link again' }).click()
    await toast(page, 'A new link is on its way').waitFor()

    await openCheckLink(ACCOUNT.email, 2)
    await page.getByText('Your e-mail address is confirmed.').waitFor()
    await page.getByText(`You sign in as ${ACCOUNT.email}.`).waitFor()
    await fitsPhone(page)
    await page.getByRole('link', { name: 'Go to your profile' }).click()
    await page.getByText('Verified', { exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Send the link again' }).count()).toBe(0)
    expect(await page.getByTestId('email-check-banner').count()).toBe(0)
  })

  it('changes the sign-in e-mail only when the new address opens its link', async () => {
    await page.goto(`${dashboard.server.baseUrl}/app/profile?tab=settings`)
    await page.getByLabel('New e-mail').fill(NEW_EMAIL)
    await page.getByLabel('Current password').nth(1).fill(ACCOUNT.password)
    await page.getByRole('button', { name: 'Change E-mail' }).click()
    await toast(page, 'Open the link we sent to your new address').waitFor()
    await page.goto(`${dashboard.server.baseUrl}/app/profile`)
    await page.getByText(`Changing to ${NEW_EMAIL}: open the link we sent there.`).waitFor()
    await expect.poll(() => inbox.to(ACCOUNT.email, 'is changing').length, SETTLED).toBe(1)
    await screenshot(page, 'profile-email-change-waiting-mobile')

    await openCheckLink(NEW_EMAIL, 1)
    await page.getByText('Email changed successfully!').waitFor()
    await page.getByText(`You sign in as ${NEW_EMAIL}.`).waitFor()
    await page.getByRole('link', { name: 'Go to your profile' }).click()
    await page.getByText(NEW_EMAIL, { exact: true }).waitFor()
    await page.getByText('Verified', { exact: true }).waitFor()
    await screenshot(page, 'profile-email-changed-mobile')
  })

  it('switches an e-mail alert off in the profile’s Settings tab, and it stays off', async () => {
    await page.goto(`${dashboard.server.baseUrl}/app/profile?tab=settings`)
    const newLead = page.getByRole('checkbox', { name: 'New lead' })
    await newLead.waitFor()
    expect(await newLead.isChecked()).toBe(true)
    await page.getByText('New lead').click()
    await toast(page, 'E-mail alerts saved').waitFor()
    await page.reload()
    await page.getByRole('checkbox', { name: 'Usage at 80 %' }).waitFor()
    expect(await page.getByRole('checkbox', { name: 'New lead' }).isChecked()).toBe(false)
    expect(await page.getByRole('checkbox', { name: 'Trial ending' }).isChecked()).toBe(true)
    await fitsPhone(page)
    await page.getByRole('heading', { name: 'E-mail alerts' }).scrollIntoViewIfNeeded()
    await screenshot(page, 'profile-email-alerts-mobile')
  })

  it('reminds a signed-in user of an unconfirmed address on every page, resends the e-mail within its limit, and hides for the session when dismissed', async () => {
    const ben = { email: 'ben@banner.example', password: 'Banner-Pass-4', full_name: 'Ben Banner' }
    const tokens = await register(ben)
    const context = await signedInContext(dashboard.browser, dashboard.server.baseUrl, tokens, DESKTOP)
    const on = await context.newPage()
    await on.goto(`${dashboard.server.baseUrl}/app/dashboard`)
    const banner = on.getByTestId('email-check-banner')
    await banner.getByText('Confirm your e-mail address').waitFor(SETTLED)
    expect(await banner.textContent()).toContain(ben.email)
    await on.goto(`${dashboard.server.baseUrl}/app/agents`)
    await banner.waitFor(SETTLED)

    await banner.getByRole('button', { name: 'Resend confirmation e-mail' }).click()
    await banner.getByText('A new link is on its way. It works once, for 24 hours.').waitFor(SETTLED)
    await expect.poll(() => inbox.to(ben.email, 'confirm your').length, SETTLED).toBe(2)
    // The server allows an account 10 a window: the rest spent elsewhere, the next is refused, and the
    // banner says for how long, its button waiting meanwhile.
    for (let asked = 1; asked < 10; asked += 1)
      expect((await api('/accounts/verify-email/resend/', tokens.access, {})).status).toBe(200)
    await banner.getByRole('button', { name: 'Resend confirmation e-mail' }).click()
    await banner.getByText(/^Too many attempts\. Please try again in \d+ seconds\.$/).waitFor(SETTLED)
    expect(await banner.getByRole('button', { name: 'Resend confirmation e-mail' }).isDisabled()).toBe(true)
    await screenshot(on, 'email-check-banner-desktop')

    await banner.getByRole('button', { name: 'Dismiss notification' }).click()
    await banner.waitFor({ state: 'detached' })
    await on.reload()
    await on.getByRole('heading', { name: 'Agents', level: 1 }).waitFor(SETTLED)
    expect(await banner.count()).toBe(0)

    // Another session (a new browser) is reminded again, on a phone too.
    const phone = await signedInContext(dashboard.browser, dashboard.server.baseUrl, tokens, MOBILE)
    const onPhone = await phone.newPage()
    await onPhone.goto(`${dashboard.server.baseUrl}/app/dashboard`)
    await onPhone.getByTestId('email-check-banner').getByText('Confirm your e-mail address').waitFor(SETTLED)
    await fitsPhone(onPhone)
    await screenshot(onPhone, 'email-check-banner-mobile')
    await context.close()
    await phone.close()
  })

  it('says so when a link cannot be used', async () => {
    await page.goto(`${dashboard.server.baseUrl}/auth/verify-email?token=${'x'.repeat(43)}`)
    await page.getByRole('button', { name: 'Confirm this address' }).click()
    await page.getByText('This link cannot be used').waitFor()
    await page.getByText('This link has expired or was already used. Ask for a new one from your profile.').waitFor()
    await page.goto(`${dashboard.server.baseUrl}/auth/verify-email`)
    await page.getByText('This link is incomplete').waitFor()
  })
})
