import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabaseLocation, type DatabaseLocation } from '../support/create-test-database.ts'
import { solidPng } from '../support/image-fixtures.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { reportBrowserFailures } from '../support/report-browser-failure.ts'
import { spawnServer, type SpawnedServer } from '../support/spawn-server.ts'

// Settings (teams, agent permissions) and the user profile, in Chromium against the real server: the
// owner builds a team in the UI, the invited member signs up and reaches the shared agent, and the
// profile's changes land in the account (read back through the API).
let server: SpawnedServer
let location: DatabaseLocation
let browser: Browser
let owner: { access: string; refresh: string }
let ownerPage: Page
let ownerContext: BrowserContext
const OWNER = { email: 'olivia@owner.example', password: 'Owner-Pass-9', full_name: 'Olivia Owner' }
const MEMBER = { email: 'mia@member.example', password: 'Member-Pass-9', full_name: 'Mia Member' }
const NEW_PASSWORD = 'Renewed-Pass-7'
const DESKTOP = { width: 1280, height: 800 }
const MOBILE = { width: 390, height: 844 }
// expect.poll gives up after 1 s unless told otherwise: too soon for a page on a busy CI machine.
const SETTLED = { timeout: 15_000 }

async function api<T = Record<string, unknown>>(
  path: string,
  token: string | null,
  body?: unknown,
  method?: string,
): Promise<{ status: number; json: T }> {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as T }
}

async function register(account: typeof OWNER) {
  const { status, json } = await api<{ tokens: { access: string; refresh: string } }>(
    '/accounts/register/',
    null,
    account,
  )
  if (status !== 201) throw new Error(`sign-up failed: ${status} ${JSON.stringify(json)}`)
  return json.tokens
}

/** A sign-in of its own (a separate session), so no two browsers share one refresh token. */
async function signIn(email: string, password: string) {
  const { status, json } = await api<{ tokens: { access: string; refresh: string } }>('/accounts/login/', null, {
    email,
    password,
  })
  if (status !== 200) throw new Error(`sign-in failed: ${status} ${JSON.stringify(json)}`)
  return json.tokens
}

type Team = { team_id: string; team_name: string }
const teamsOf = async (token: string) => (await api<{ teams: Team[] }>('/accounts/team/', token)).json.teams

/** A fresh browser context already signed in: the tokens are in local storage before the first page loads. */
async function signedInContext(tokens: { access: string; refresh: string }, viewport = DESKTOP) {
  return browser.newContext({
    viewport,
    storageState: {
      cookies: [],
      origins: [
        {
          origin: server.baseUrl,
          localStorage: [
            { name: 'access_token', value: tokens.access },
            { name: 'refresh_token', value: tokens.refresh },
          ],
        },
      ],
    },
  })
}

function toast(page: Page, text: string) {
  return page.getByTestId('toast').filter({ hasText: text }).first()
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({
    path: `test-results/screens/${name}.png`,
    fullPage: page.viewportSize()?.width !== MOBILE.width,
  })
}

beforeAll(async () => {
  location = await createDatabaseLocation()
  server = await spawnServer({ DATA_DIR: location.DATA_DIR })
  browser = await launchChromium()
  mkdirSync('test-results/screens', { recursive: true })
  owner = await register(OWNER)
  for (const name of ['Support Bot', 'Sales Bot']) {
    const created = await api('/agents/create/', owner.access, { name })
    if (created.status !== 201) throw new Error(`agent not created: ${JSON.stringify(created.json)}`)
  }
  ownerContext = await signedInContext(owner)
  ownerPage = await ownerContext.newPage()
})

afterAll(async () => {
  await browser?.close()
  server?.child.kill('SIGTERM')
  await server?.exited
  await location?.destroy()
})

reportBrowserFailures({ page: () => ownerPage, server: () => server })

describe('Settings: teams and agent permissions', () => {
  it('creates a team after refusing a one-character name', async () => {
    const page = ownerPage
    await page.goto(`${server.baseUrl}/app/settings`)
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
    await page.getByText('No teams created yet').waitFor()

    await page.getByLabel('Team name').fill('A')
    await page.getByRole('button', { name: 'Create Team' }).click()
    await page.getByText('Team name must be at least 2 characters long').waitFor()
    await page.getByLabel('Team name').fill('   ')
    await page.getByRole('button', { name: 'Create Team' }).click()
    await page.getByText('Please enter a team name').waitFor()
    expect(await teamsOf(owner.access)).toEqual([])

    await page.getByLabel('Team name').fill('Support Crew')
    await page.getByRole('button', { name: 'Create Team' }).click()
    await toast(page, 'Team created successfully').waitFor()
    await page.getByRole('heading', { name: 'Support Crew' }).waitFor()
    expect((await teamsOf(owner.access)).map((team) => team.team_name)).toEqual(['Support Crew'])
  })

  it('adds a member by e-mail after checking the form', async () => {
    const page = ownerPage
    await page.getByRole('button', { name: 'Add Member' }).click()
    await page.getByText('Please select a team first').waitFor()
    await page.getByText('Please enter member name').waitFor()
    await page.getByText('Please enter member email').waitFor()

    await page.getByLabel('Team', { exact: true }).selectOption({ label: 'Support Crew' })
    await page.getByLabel('Name', { exact: true }).fill(MEMBER.full_name)
    await page.getByLabel('E-mail', { exact: true }).fill('not-an-address')
    await page.getByRole('button', { name: 'Add Member' }).click()
    await page.getByText('Please provide a valid email address').waitFor()
    await page.getByLabel('E-mail', { exact: true }).fill(MEMBER.email)
    expect(await page.getByLabel('Role', { exact: true }).inputValue()).toBe('member')
    await page.getByRole('button', { name: 'Add Member' }).click()
    await toast(page, 'Team member added successfully').waitFor()

    const [team] = await teamsOf(owner.access)
    const members = (
      await api<{
        team_members: { team_member_email: string; team_member_role: string; team_member_status: string }[]
      }>(`/accounts/team/members/?team_id=${team?.team_id}`, owner.access)
    ).json.team_members
    expect(members).toMatchObject([
      { team_member_email: MEMBER.email, team_member_role: 'member', team_member_status: 'pending' },
    ])
  })

  it('assigns an agent to the team in Agent Permissions', async () => {
    const page = ownerPage
    await page.getByRole('tab', { name: 'Agent Permissions' }).click()
    await page.getByText('Select a team to view agent assignments').waitFor()
    await page.getByRole('button', { name: 'Assign', exact: true }).click()
    await page.getByText('Please select an agent').waitFor()
    await page.getByText('Please select a team first').waitFor()

    await page.getByLabel('Team', { exact: true }).selectOption({ label: 'Support Crew' })
    await page.getByText('No agent assignments to display').waitFor()
    await page.getByLabel('Agent', { exact: true }).selectOption({ label: 'Support Bot' })
    await page.getByRole('button', { name: 'Assign', exact: true }).click()
    await toast(page, 'Agent assigned to team successfully').waitFor()
    await page
      .getByRole('table', { name: 'Agents assigned to Support Crew' })
      .getByRole('cell', { name: 'Support Bot', exact: true })
      .waitFor()
    await screenshot(page, 'settings-permissions-desktop')

    const [team] = await teamsOf(owner.access)
    const agents = (
      await api<{ agents: { agent_name: string }[] }>(`/accounts/team/agents/?team_id=${team?.team_id}`, owner.access)
    ).json.agents
    expect(agents.map((agent) => agent.agent_name)).toEqual(['Support Bot'])
  })

  it('renames the team inline, with the same name rules', async () => {
    const page = ownerPage
    await page.getByRole('tab', { name: 'Team Management' }).click()
    await page.getByRole('button', { name: 'Edit team name Support Crew' }).click()
    const field = page.getByLabel('team name Support Crew', { exact: true })
    await field.fill('X')
    await page.getByRole('button', { name: 'Save team name Support Crew' }).click()
    await page.getByText('Team name must be at least 2 characters long').waitFor()
    await field.fill('Support Squad')
    await field.press('Enter')
    await toast(page, 'Team updated successfully').waitFor()
    await page.getByRole('heading', { name: 'Support Squad' }).waitFor()
    expect((await teamsOf(owner.access)).map((team) => team.team_name)).toEqual(['Support Squad'])
  })

  it('shows the member row with its real status in the team details', async () => {
    const page = ownerPage
    await page.getByRole('button', { name: 'Show Details' }).click()
    const row = page.getByTestId('team-member-row')
    await row.getByText(MEMBER.full_name).waitFor()
    const cells = (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim())
    expect(cells.slice(0, 3)).toEqual([MEMBER.full_name, MEMBER.email, 'Member'])
    // The real status from the API, not the SPEC's constant "Active" (Polaris adds the badge's tone for screen readers).
    expect(cells[3]).toMatch(/Pending$/)
    expect(cells).toHaveLength(5)
    await page.getByRole('tab', { name: 'Assigned Agents' }).click()
    await page
      .getByRole('table', { name: 'Agents assigned to Support Squad' })
      .getByRole('cell', { name: 'Support Bot', exact: true })
      .waitFor()
    await page.getByRole('tab', { name: 'Team Members' }).click()
    await row.waitFor()
    await screenshot(page, 'settings-team-desktop')
  })

  it('lets the invited member, once signed up, reach the shared agent and only that one', async () => {
    const member = await register(MEMBER)
    const reachable = (await api<{ agents: { name: string }[] }>('/agents/', member.access)).json.agents
    expect(reachable.map((agent) => agent.name)).toEqual(['Support Bot'])

    // The owner sees the invitation turn active.
    await ownerPage.getByRole('button', { name: 'Refresh Data' }).click()
    await toast(ownerPage, 'Data refreshed successfully').waitFor()
    await ownerPage.getByTestId('team-member-row').getByText('Active').waitFor()

    // The member signs in through the sign-in screen in a browser of their own.
    const context = await browser.newContext({ viewport: DESKTOP })
    const page = await context.newPage()
    await page.goto(`${server.baseUrl}/auth`)
    await page.getByLabel('Email').fill(MEMBER.email)
    await page.getByLabel('Password', { exact: true }).fill(MEMBER.password)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await page.waitForURL('**/app/dashboard')
    await page.goto(`${server.baseUrl}/app/agents`)
    await page.getByText('Support Bot').first().waitFor()
    expect(await page.getByText('Sales Bot').count()).toBe(0)

    // Their team is read-only where the API refuses changes: no rename, no delete, no people.
    await page.goto(`${server.baseUrl}/app/settings`)
    await page.getByRole('heading', { name: 'Support Squad' }).waitFor()
    await page.getByText('You are a member').waitFor()
    expect(await page.getByRole('button', { name: 'Edit team name Support Squad' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Delete team Support Squad' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Show Details' }).click()
    await page.getByText("Only the team owner and its admins see the team's members.").waitFor()
    await context.close()
  })

  it('deletes a team only after the confirmation', async () => {
    await api('/accounts/team/create/', owner.access, { team_name: 'Temporary Team' })
    const page = ownerPage
    await page.reload()
    await page.getByRole('heading', { name: 'Temporary Team' }).waitFor()
    await page.getByRole('button', { name: 'Delete team Temporary Team' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Delete team?').waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect((await teamsOf(owner.access)).map((team) => team.team_name)).toContain('Temporary Team')

    await page.getByRole('button', { name: 'Delete team Temporary Team' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Team' }).click()
    await toast(page, 'Team deleted successfully').waitFor()
    await page.getByRole('heading', { name: 'Temporary Team' }).waitFor({ state: 'detached' })
    expect((await teamsOf(owner.access)).map((team) => team.team_name)).toEqual(['Support Squad'])
  })

  it('fits a phone screen', async () => {
    const context = await signedInContext(await signIn(OWNER.email, OWNER.password), MOBILE)
    const page = await context.newPage()
    await page.goto(`${server.baseUrl}/app/settings`)
    await page.getByRole('button', { name: 'Show Details' }).click()
    await page.getByTestId('team-member-row').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width)
    await page.evaluate(() => window.scrollTo(0, 0))
    await screenshot(page, 'settings-team-mobile')
    await page.getByTestId('team-member-row').scrollIntoViewIfNeeded()
    await screenshot(page, 'settings-team-details-mobile')
    // On a phone Polaris measures the tabs with a hidden copy of them; opening the tab by its address
    // avoids clicking that copy (which would leave the Team Management tab, and its own Team select, open).
    await page.goto(`${server.baseUrl}/app/settings?tab=permissions`)
    await page.getByRole('heading', { name: 'Assign Agent to Team' }).waitFor()
    await page.getByLabel('Team', { exact: true }).selectOption({ label: 'Support Squad' })
    await page
      .getByRole('table', { name: 'Agents assigned to Support Squad' })
      .getByText('Support Bot', { exact: true })
      .waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width)
    await screenshot(page, 'settings-permissions-mobile')
    await context.close()
  })
})

describe('User profile', () => {
  it('shows the account and saves a new full name and photo', async () => {
    const page = ownerPage
    await page.goto(`${server.baseUrl}/app/profile`)
    await page.getByRole('heading', { name: 'User Profile', level: 1 }).waitFor()
    await page.getByText('Free Plan').waitFor()
    await page.getByText(OWNER.email).waitFor()
    await page.getByText('Member since').waitFor()

    await page.getByRole('button', { name: 'Edit full name' }).click()
    await page.getByLabel('full name', { exact: true }).fill('Olivia Q. Owner')
    await page.getByRole('button', { name: 'Save full name' }).click()
    await toast(page, 'Profile updated successfully').waitFor()
    await page.getByRole('heading', { name: 'Olivia Q. Owner' }).waitFor()
    expect((await api<{ full_name: string }>('/accounts/profile/', owner.access)).json.full_name).toBe(
      'Olivia Q. Owner',
    )

    const chooser = page.locator('input[type=file]')
    await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') })
    await page.getByText('Please select a valid image file').waitFor()
    await chooser.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024) })
    await page.getByText('File size must be less than 5MB').waitFor()
    await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(64, 64) })
    await toast(page, 'Profile image updated successfully!').waitFor()
    await page.getByRole('img', { name: 'Profile photo of Olivia Q. Owner' }).waitFor()
    const photo = (await api<{ profile_image: string | null }>('/accounts/profile/', owner.access)).json.profile_image
    expect(photo).toMatch(/\/api\/accounts\/profile\/image\//)
    // The element is on screen before its picture has loaded (naturalWidth is 0 until then).
    await expect
      .poll(
        () =>
          page
            .getByRole('img', { name: 'Profile photo of Olivia Q. Owner' })
            .evaluate((image: HTMLImageElement) => image.naturalWidth),
        SETTLED,
      )
      .toBe(64)
    await screenshot(page, 'profile-desktop')
  })

  it('changes the password after checking the fields, and the new one signs in', async () => {
    const page = ownerPage
    await page.getByRole('link', { name: 'Go to Settings' }).waitFor()
    await page.getByRole('tab', { name: 'Settings' }).click()
    await page.getByRole('button', { name: 'Change Password' }).click()
    await page.getByText('Please fill in all password fields').waitFor()

    await page.getByLabel('Current password').first().fill(OWNER.password)
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByLabel('Confirm new password').fill('Something-Else-1')
    await page.getByRole('button', { name: 'Change Password' }).click()
    await page.getByText('New passwords do not match').waitFor()
    await page.getByLabel('New password', { exact: true }).fill('Short-1')
    await page.getByLabel('Confirm new password').fill('Short-1')
    await page.getByRole('button', { name: 'Change Password' }).click()
    await page.getByText('New password must be at least 8 characters long').waitFor()

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Change Password' }).click()
    await toast(page, 'Password changed successfully!').waitFor()
    // The toast is shown first; the fields are emptied by a later callback of the same answer.
    await expect.poll(() => page.getByLabel('New password', { exact: true }).inputValue(), SETTLED).toBe('')
    await screenshot(page, 'profile-settings-desktop')

    expect((await api('/accounts/login/', null, { email: OWNER.email, password: NEW_PASSWORD })).status).toBe(200)
    expect((await api('/accounts/login/', null, { email: OWNER.email, password: OWNER.password })).status).toBe(401)
  })

  it('checks a new e-mail before sending it', async () => {
    const page = ownerPage
    await page.getByRole('button', { name: 'Change E-mail' }).click()
    await page.getByText('Please fill in all fields').waitFor()
    await page.getByLabel('New e-mail').fill(OWNER.email.toUpperCase())
    await page.getByLabel('Current password').nth(1).fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Change E-mail' }).click()
    await page.getByText('New email cannot be the same as current email').waitFor()
    await page.getByLabel('New e-mail').fill('olivia-at-owner')
    await page.getByRole('button', { name: 'Change E-mail' }).click()
    await page.getByText('Please enter a valid email address').waitFor()
    expect((await api<{ email: string }>('/accounts/profile/', owner.access)).json.email).toBe(OWNER.email)
  })

  it('explains sign-in methods and sessions under Security, and fits a phone', async () => {
    await ownerPage.getByRole('tab', { name: 'Security' }).click()
    await ownerPage
      .getByText(
        'Changing your password or e-mail signs you out on every other browser and device; this one stays signed in.',
      )
      .waitFor()
    await ownerPage.getByText('Not linked').waitFor()
    await screenshot(ownerPage, 'profile-security-desktop')

    const context = await signedInContext(await signIn(OWNER.email, NEW_PASSWORD), MOBILE)
    const page = await context.newPage()
    for (const [tab, name] of [
      ['profile', 'profile-mobile'],
      ['settings', 'profile-settings-mobile'],
      ['security', 'profile-security-mobile'],
    ] as const) {
      await page.goto(`${server.baseUrl}/app/user-info?tab=${tab}`)
      await page.getByRole('heading', { name: 'User Profile', level: 1 }).waitFor()
      await page.getByRole('tab', { name: tab[0]!.toUpperCase() + tab.slice(1), selected: true }).waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width)
      await screenshot(page, name)
    }
    await context.close()
  })

  it('deletes an account only with its password and a confirmation, then goes to /auth', async () => {
    const doomed = { email: 'dan@doomed.example', password: 'Doomed-Pass-3', full_name: 'Dan Doomed' }
    const context = await signedInContext(await register(doomed))
    const page = await context.newPage()
    await page.goto(`${server.baseUrl}/app/profile?tab=settings`)
    await page.getByText('Danger Zone').waitFor()
    await page.getByRole('button', { name: 'Delete Account' }).click()
    await page.getByText('Please enter your password to confirm account deletion').waitFor()
    await page.getByLabel('Password', { exact: true }).fill(doomed.password)
    await page.getByRole('button', { name: 'Delete Account' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Account' }).click()
    await toast(page, 'Account deleted successfully').waitFor()
    await page.waitForURL('**/auth')
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull()
    expect((await api('/accounts/login/', null, { email: doomed.email, password: doomed.password })).status).toBe(401)
    await context.close()
  })
})
