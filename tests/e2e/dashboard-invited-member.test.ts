import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, SETTLED, screenshot, toast } from '../support/dashboard-browser.ts'
import { reportBrowserFailures } from '../support/report-browser-failure.ts'
import { linkIn, startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.ts'
import type { SpawnedServer } from '../support/spawn-server.ts'
import { startSpawnedDashboard, type SpawnedDashboard } from '../support/spawned-dashboard.ts'
import { accountsOn, type Tokens } from './account-owner.ts'

// Issue 37 item 11 in Chromium: someone invited to a team signs up from the e-mailed link (a real SMTP
// server) on a server that enforces plans. Their address is confirmed by the invitation, their dashboard
// shows the team they joined and that no agent is shared yet (and whom to ask) rather than a plan to buy;
// the owner is told to share an agent and is led to Agent Permissions; once shared, the member sees it;
// the member may still start a free trial of their own. Item 12 on the same server, which configures
// neither support contacts nor Google sign-in: no made-up address, phone or Google button anywhere.
let dashboard: SpawnedDashboard
let inbox: SmtpInbox
let server: SpawnedServer
let browser: Browser
let owner: Tokens
let ownerPage: Page
let memberPage: Page
let teamId: string
const MEMBER = { email: 'nora@newcomer.example', password: 'Newcomer-Pass-9', full_name: 'Nora Newcomer' }
const NARROW_PHONE = { width: 375, height: 812 }
const NO_AGENTS = 'No agents have been shared with you yet'
const ASK = 'Ask Olivia Owner (or an admin of Helpdesk) to assign one in Settings → Agent Permissions.'
const { api, signUpOwner } = accountsOn(() => dashboard)

beforeAll(async () => {
  inbox = await startSmtpInbox()
  dashboard = await startSpawnedDashboard({
    SMTP_URL: inbox.url,
    PUBLIC_URL: 'https://chat.example.com',
    BILLING_MODE: 'enforced',
  })
  ;({ server, browser } = dashboard)
  ;({ owner, ownerPage } = await signUpOwner(['Helpdesk Bot']))
  teamId = (await api<{ team: { team_id: string } }>('/accounts/team/create/', owner.access, { team_name: 'Helpdesk' }))
    .json.team.team_id
  const added = await api('/accounts/team/add-member/', owner.access, {
    team_id: teamId,
    team_member_name: MEMBER.full_name,
    team_member_email: MEMBER.email,
  })
  expect(added.status).toBe(201)
})

afterAll(async () => {
  await dashboard?.close()
  await inbox?.close()
})

reportBrowserFailures({ page: () => memberPage ?? ownerPage, server: () => server })

describe('an invited member', () => {
  it('signs up from the invitation: confirmed by it, no trial or Upgrade Plan, told no agent is shared and whom to ask', async () => {
    await expect.poll(() => inbox.to(MEMBER.email, 'invited you').length, { timeout: 15_000 }).toBe(1)
    const link = linkIn(inbox.to(MEMBER.email, 'invited you')[0]!, '/auth/invitation')
    const context = await browser.newContext({ viewport: DESKTOP })
    memberPage = await context.newPage()
    const page = memberPage
    await page.goto(`${server.baseUrl}${link.pathname}${link.search}`)
    await page.getByRole('heading', { name: 'Join the Helpdesk team' }).waitFor()
    await page.getByLabel('Full name').fill(MEMBER.full_name)
    await page.getByLabel('Password', { exact: true }).fill(MEMBER.password)
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await page.waitForURL('**/app/dashboard')
    await toast(page, 'You joined the Helpdesk team.').waitFor()

    const card = page.getByTestId('member-teams-card')
    await card.getByRole('heading', { name: 'You are a member of Helpdesk' }).waitFor()
    await card.getByText("Olivia Owner's team: you are a member").waitFor()
    await card.getByText(`${NO_AGENTS}. ${ASK}`).waitFor()
    await page.getByRole('heading', { name: NO_AGENTS }).waitFor()
    await page.getByText(ASK, { exact: true }).waitFor()
    // Nothing of their own to upgrade: the header offers their own free trial instead.
    const header = page.locator('header.app-header')
    await header.getByRole('button', { name: 'Start Free Trial' }).waitFor()
    expect(await header.getByRole('button', { name: 'Upgrade Plan' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Notifications' }).click()
    await page.getByText('No notifications').waitFor()
    await page.keyboard.press('Escape')
    await screenshot(page, 'invited-member-dashboard-desktop')

    // The invitation confirmed the address: no second e-mail asks for it.
    const profile = await api<{ email_verified: boolean }>('/accounts/profile/', await tokenOf(page))
    expect(profile.json.email_verified).toBe(true)
    expect(inbox.to(MEMBER.email).map((email) => email.subject)).toEqual([
      'Olivia Owner invited you to the Helpdesk team on AgentDesk',
    ])
  })

  it('fits a phone screen', async () => {
    await memberPage.setViewportSize(NARROW_PHONE)
    await memberPage.getByTestId('member-teams-card').getByText(ASK, { exact: false }).waitFor()
    expect(await memberPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      NARROW_PHONE.width,
    )
    await screenshot(memberPage, 'invited-member-dashboard-mobile')
    await memberPage.setViewportSize(DESKTOP)
  })
})

describe('the owner', () => {
  it('is told the team has members and no agents, and is led to Agent Permissions with the team chosen', async () => {
    const page = ownerPage
    await page.goto(`${server.baseUrl}/app/settings`)
    const hint = page.getByTestId('no-shared-agents-hint')
    await hint.getByText('No agents are shared with this team yet').waitFor()
    await screenshot(page, 'owner-team-without-agents')
    await hint.getByRole('link', { name: 'Assign an agent' }).click()
    await page.waitForURL(`**/app/settings?tab=permissions&team=${teamId}`)
    // The team is chosen once the teams have loaded, which may be a render after the address changes.
    await expect.poll(() => page.getByLabel('Team', { exact: true }).inputValue(), SETTLED).toBe(teamId)
    await page.getByLabel('Agent', { exact: true }).selectOption({ label: 'Helpdesk Bot' })
    await page.getByRole('button', { name: 'Assign', exact: true }).click()
    await toast(page, 'Agent assigned to team successfully').waitFor()
    await page.goto(`${server.baseUrl}/app/settings`)
    await page.getByRole('heading', { name: 'Helpdesk' }).waitFor()
    expect(await page.getByTestId('no-shared-agents-hint').count()).toBe(0)
  })

  it('the member then sees the shared agent, and can start a free trial of their own', async () => {
    const page = memberPage
    await page.reload()
    await page.getByTestId('member-teams-card').getByRole('heading', { name: 'You are a member of Helpdesk' }).waitFor()
    await page.getByText('Helpdesk Bot').first().waitFor()
    expect(await page.getByText(NO_AGENTS).count()).toBe(0)

    await page.getByTestId('member-teams-card').getByRole('button', { name: 'Start Free Trial' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Your own 14-day free trial, no card needed').waitFor()
    await dialog.getByRole('button', { name: 'Start Free Trial' }).click()
    await toast(page, 'Your 14-day free trial has started').waitFor()
    await page.locator('header.app-header').getByRole('button', { name: 'Upgrade Plan' }).waitFor()
    expect(await page.getByRole('button', { name: 'Start Free Trial' }).count()).toBe(0)
    const status = await api<{ status: string }>('/subscriptions/status/', await tokenOf(page))
    expect(status.json.status).toBe('trialing')
  })
})

describe('a server without support contacts or Google sign-in (item 12)', () => {
  it('shows no made-up e-mail or phone, and no Google button or Google sign-in method', async () => {
    const page = memberPage
    await page.goto(`${server.baseUrl}/app/help?tab=contact`)
    await page.getByText('No support contact is set up on this server yet.').waitFor()
    expect(await page.locator('a[href^="mailto:"], a[href^="tel:"]').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Send Message' }).count()).toBe(0)

    await page.goto(`${server.baseUrl}/app/profile`)
    await page.getByRole('tab', { name: 'Security' }).click()
    await page.getByRole('heading', { name: 'Sign-in methods' }).waitFor()
    await page.getByRole('heading', { name: 'E-mail and password' }).waitFor()
    expect(await page.getByText('Google').count()).toBe(0)

    const visitor = await browser.newContext({ viewport: DESKTOP })
    const publicPage = await visitor.newPage()
    await publicPage.goto(`${server.baseUrl}/contact`)
    await publicPage.getByRole('heading', { name: 'Contact us', level: 1 }).waitFor()
    await publicPage.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).waitFor()
    expect(await publicPage.locator('a[href^="mailto:"], a[href^="tel:"]').count()).toBe(0)
    await publicPage.goto(`${server.baseUrl}/auth`)
    await publicPage.getByRole('button', { name: 'Sign In', exact: true }).waitFor()
    // Asked of the server first (a disabled button meanwhile), then gone for good.
    await expect.poll(() => publicPage.getByText('Continue with Google').count(), { timeout: 15_000 }).toBe(0)
    await visitor.close()
  })
})

/** The access token the page's dashboard holds. */
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('access_token') ?? '')
