import { randomUUID } from 'node:crypto'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signUp, signUpProven, type SignedUp } from '../support/accounts.ts'
import { DESKTOP, MOBILE, SETTLED, fitsPhone, screenshot, signedInContext } from '../support/dashboard-browser.ts'
import { createAgentFor } from '../support/knowledge.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { startListeningTestApp } from '../support/listening-test-app.ts'

// Issue 37, item 4: a team's admin, member and viewer see only the controls the API lets them use, and
// read on the page (not in a hover tooltip) why the others are missing or disabled. Olivia owns the agent
// and shares it with her team through the API; each role opens the dashboard in Chromium. The API still
// refuses them (403) whatever a page offers.
let listening: Awaited<ReturnType<typeof startListeningTestApp>>
let browser: Browser
let owner: SignedUp
const people: Record<'admin' | 'member' | 'viewer', SignedUp> = {} as never
let agentId = ''
let conversationId = ''

const ONLY_OWNER = "Only the agent's owner can edit or delete this agent."
const VIEWERS_READ =
  "Viewers can read this agent's conversations; only its owner, team admins and members can chat or change them."

async function api(path: string, account: SignedUp, body?: object, method?: 'put' | 'post') {
  const { request } = listening.testApp
  const call = body === undefined ? request.get(`/api${path}`) : request[method ?? 'post'](`/api${path}`).send(body)
  return call.set(bearer(account.access))
}

/** The page of one of the team, signed in, at this width; closed after the test by its context. */
async function pageOf(account: SignedUp, viewport = DESKTOP): Promise<Page> {
  const context = await signedInContext(browser, listening.baseUrl, account, viewport)
  return context.newPage()
}

/** Shown on the page, in words, with a box a finger can see (not a tooltip). */
async function isShown(text: Locator) {
  await text.waitFor(SETTLED)
  const box = await text.boundingBox()
  expect(box?.width ?? 0).toBeGreaterThan(0)
  expect(box?.height ?? 0).toBeGreaterThan(0)
}

beforeAll(async () => {
  listening = await startListeningTestApp({
    ...(process.env.DASHBOARD_DIR ? { DASHBOARD_DIR: process.env.DASHBOARD_DIR } : {}),
  })
  browser = await launchChromium()
  const { testApp } = listening
  owner = await signUp(testApp, { full_name: 'Olivia Owner' })
  for (const role of ['admin', 'member', 'viewer'] as const)
    people[role] = await signUpProven(testApp, { email: `${role}-${Date.now()}@team.example`, full_name: `A ${role}` })
  agentId = await createAgentFor(testApp, owner, 'Shared Bot')
  expect(
    (await api(`/agents/${agentId}/texts/create/`, owner, { text_title: 'Returns', text_content: 'Thirty days.' }))
      .status,
  ).toBe(201)
  const team = await api('/accounts/team/create/', owner, { team_name: 'Support Crew' })
  const teamId = team.body.team.team_id as string
  for (const role of ['admin', 'member', 'viewer'] as const) {
    const added = await api('/accounts/team/add-member/', owner, {
      team_id: teamId,
      team_member_name: `A ${role}`,
      team_member_email: people[role].email,
      team_member_role: role,
    })
    expect(added.body.team_member.team_member_status).toBe('active')
  }
  expect((await api('/accounts/team/assign-agent/', owner, { team_id: teamId, agent_id: agentId })).status).toBe(200)
  await testApp.database.prisma.widgetIntegration.create({
    data: {
      accountId: owner.userId,
      agentId,
      clientKey: `wk_${randomUUID()}`,
      websiteName: 'Shop',
      websiteDomain: 'shop.example.com',
      startMessage: 'Hi',
    },
  })
  const started = await api('/conversations/create/', owner, { agent_id: agentId, name: 'Olivia asks' })
  conversationId = started.body.conversation_id as string
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await listening?.close()
})

describe("the agent's card", () => {
  it('offers Edit Agent and Delete Agent disabled to a team member, with the reason under them', async () => {
    const page = await pageOf(people.member)
    try {
      await page.goto(`${listening.baseUrl}/app/agents`)
      await page.getByRole('button', { name: 'Actions for Shared Bot' }).click()
      const edit = page.getByRole('button', { name: /^Edit Agent/ })
      const remove = page.getByRole('button', { name: /^Delete Agent/ })
      await edit.waitFor(SETTLED)
      expect(await edit.isDisabled()).toBe(true)
      expect(await remove.isDisabled()).toBe(true)
      await isShown(edit.getByText(ONLY_OWNER))
      await isShown(remove.getByText(ONLY_OWNER))
      await screenshot(page, 'member-agent-card-menu')
      // Clicking does nothing: no dialog, no confirmation.
      await edit.click({ force: true })
      expect(await page.getByRole('dialog').count()).toBe(0)
      // The API refuses all the same.
      expect((await api(`/agents/${agentId}/update/`, people.member, { name: 'Renamed' }, 'put')).status).toBe(403)
    } finally {
      await page.context().close()
    }
  })

  it('offers them enabled to the owner', async () => {
    const page = await pageOf(owner)
    try {
      await page.goto(`${listening.baseUrl}/app/agents`)
      await page.getByRole('button', { name: 'Actions for Shared Bot' }).click()
      const edit = page.getByRole('button', { name: /^Edit Agent/ })
      await edit.waitFor(SETTLED)
      expect(await edit.isDisabled()).toBe(false)
      expect(await page.getByText(ONLY_OWNER).count()).toBe(0)
    } finally {
      await page.context().close()
    }
  })
})

describe("the agent's page", () => {
  it('shows a member no agent edit and no knowledge changes, and says why on each tab', async () => {
    const page = await pageOf(people.member)
    try {
      await page.goto(`${listening.baseUrl}/app/agents/${agentId}`)
      await isShown(page.getByText(ONLY_OWNER))
      expect(await page.getByRole('button', { name: 'Edit Agent' }).count()).toBe(0)
      expect(await page.getByRole('button', { name: /Add to favorites|Favorite/ }).count()).toBe(0)
      // Reading stays: the export of the chats.
      await page.getByRole('button', { name: 'Export chats (JSON)' }).waitFor(SETTLED)

      await page.goto(`${listening.baseUrl}/app/agents/${agentId}?tab=texts`)
      await isShown(
        page.getByText("Only the agent's owner or a team admin can add, change, embed or delete its texts."),
      )
      await page.getByText('Returns', { exact: true }).waitFor(SETTLED)
      expect(await page.getByRole('heading', { name: 'Add Text' }).count()).toBe(0)
      expect(await page.getByRole('button', { name: 'More actions for Returns' }).count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Embed Returns' }).count()).toBe(0)

      await page.goto(`${listening.baseUrl}/app/agents/${agentId}?tab=documents`)
      await isShown(
        page.getByText("Only the agent's owner or a team admin can upload, change, embed or delete its documents."),
      )
      expect(await page.getByRole('button', { name: 'Upload Document' }).count()).toBe(0)

      await page.goto(`${listening.baseUrl}/app/agents/${agentId}?tab=websites`)
      await isShown(
        page.getByText("Only the agent's owner or a team admin can add, crawl, change, embed or delete its websites."),
      )
      expect(await page.getByRole('button', { name: 'Add Page' }).count()).toBe(0)
      await screenshot(page, 'member-websites-tab')

      // A member chats with the agent.
      await page.goto(`${listening.baseUrl}/app/agents/${agentId}?tab=chat`)
      await page.getByRole('button', { name: 'Start Conversation' }).waitFor(SETTLED)

      // The API refuses the knowledge changes all the same.
      const refused = await api(`/agents/${agentId}/texts/create/`, people.member, {
        text_title: 'Sneaky',
        text_content: 'Nope',
      })
      expect(refused.status).toBe(403)
    } finally {
      await page.context().close()
    }
  })

  it('lets a team admin change the knowledge, not the agent itself', async () => {
    const page = await pageOf(people.admin)
    try {
      await page.goto(`${listening.baseUrl}/app/agents/${agentId}?tab=documents`)
      await page.getByRole('button', { name: 'Upload Document' }).waitFor(SETTLED)
      await page.goto(`${listening.baseUrl}/app/agents/${agentId}?tab=texts`)
      await page.getByRole('heading', { name: 'Add Text' }).waitFor(SETTLED)
      await page.getByRole('button', { name: 'More actions for Returns' }).click()
      await page.getByRole('menuitem', { name: 'Delete' }).waitFor(SETTLED)
      await page.keyboard.press('Escape')
      await page.goto(`${listening.baseUrl}/app/agents/${agentId}`)
      await isShown(page.getByText(ONLY_OWNER))
      expect(await page.getByRole('button', { name: 'Edit Agent' }).count()).toBe(0)
    } finally {
      await page.context().close()
    }
  })

  it('shows a viewer the chat without Start Conversation, and why, on a phone', async () => {
    const page = await pageOf(people.viewer, MOBILE)
    try {
      await page.goto(`${listening.baseUrl}/app/agents/${agentId}?tab=chat`)
      await isShown(page.getByText(VIEWERS_READ))
      expect(await page.getByRole('button', { name: 'Start Conversation' }).count()).toBe(0)
      await fitsPhone(page)
    } finally {
      await page.context().close()
    }
  })
})

describe('the Widget page', () => {
  it("lets a member copy the agent's widget code, and create or change none, saying why", async () => {
    const page = await pageOf(people.member)
    try {
      await page.goto(`${listening.baseUrl}/app/widget`)
      await page.getByRole('button', { name: 'Copy code for Shop' }).waitFor(SETTLED)
      expect(await page.getByRole('button', { name: 'Delete Shop' }).count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Edit Shop' }).count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Deactivate Shop' }).count()).toBe(0)
      const note = page.getByText("Only the agent's owner or a team admin can add or change its widgets.")
      await isShown(note.first())
      expect(await page.getByRole('button', { name: 'Create Widget Integration' }).isDisabled()).toBe(true)
      await screenshot(page, 'member-widget-page')
    } finally {
      await page.context().close()
    }
  })
})

describe('Settings, Agent Permissions', () => {
  it('offers a member no agent to share, and says why', async () => {
    const page = await pageOf(people.member)
    try {
      await page.goto(`${listening.baseUrl}/app/settings?tab=permissions`)
      await isShown(page.getByText('Agents you only read or chat with through a team are not listed', { exact: false }))
      const options = await page.getByLabel('Agent', { exact: true }).locator('option').allInnerTexts()
      expect(options).not.toContain('Shared Bot')
    } finally {
      await page.context().close()
    }
  })
})

describe('the Conversations page', () => {
  it("shows a viewer the team's conversation without Favourite, Archive or Delete, and why, on a phone", async () => {
    const page = await pageOf(people.viewer, MOBILE)
    try {
      await page.goto(`${listening.baseUrl}/app/conversations?conversation=${conversationId}`)
      await page.getByRole('heading', { name: 'Olivia asks' }).waitFor(SETTLED)
      await isShown(page.getByTestId('access-note').getByText(VIEWERS_READ))
      for (const name of ['Add to favorites', 'Archive conversation', 'Delete conversation'])
        expect(await page.getByRole('button', { name }).count()).toBe(0)
      await fitsPhone(page)
      await screenshot(page, 'viewer-conversation-mobile')
      const flagged = await api(`/conversations/${agentId}/${conversationId}/update/`, people.viewer, {
        is_favorite: true,
      })
      expect(flagged.status).toBe(403)
    } finally {
      await page.context().close()
    }
  })

  it('gives a member the Favourite, Archive and Delete buttons', async () => {
    const page = await pageOf(people.member)
    try {
      await page.goto(`${listening.baseUrl}/app/conversations?conversation=${conversationId}`)
      await page.getByRole('button', { name: 'Add to favorites' }).waitFor(SETTLED)
      await page.getByRole('button', { name: 'Archive conversation' }).waitFor(SETTLED)
      expect(await page.getByText(VIEWERS_READ).count()).toBe(0)
    } finally {
      await page.context().close()
    }
  })
})
