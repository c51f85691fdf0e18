import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, SETTLED, screenshot } from '../support/dashboard-browser.ts'
import { reportBrowserFailures } from '../support/report-browser-failure.ts'
import { accountsOn, type Tokens } from './account-owner.ts'
import { inWidget, openWidget as openOn, startWidgetHost, type WidgetHost } from './widget-host.ts'

// Issue 21, live takeover in Chromium: a visitor on a customer's page asks for a person, a team member in
// another browser context joins from Conversations, each sees the other's words without a reload, the
// chat is handed back and the agent answers again; a visitor whom nobody joins in time leaves an
// e-mail, which becomes a lead; and a visitor whose site owner's plan has ended is told the assistant is
// paused and still reaches a person (issue 37 item 15).
const OWNER = { email: 'nora@live.example', password: 'Live-Pass-7', full_name: 'Nora Owner' }
let site: WidgetHost
let owner: Tokens
let agentId: string
let visitorPage: Page
let teamPage: Page
const { api, register, signedInContext } = accountsOn(() => site.dashboard)

const openWidget = (page: Page) => openOn(page, site.host.url, '/help')

async function visitorSays(page: Page, text: string) {
  await inWidget(page, 'textarea').fill(text)
  await inWidget(page, 'textarea').press('Enter')
}

/** Whether the widget's element (the last of `selector` holding `text`) shows at its centre, covered by nothing. */
function showsUncovered(page: Page, selector: string, text: string) {
  return page.evaluate(
    ([selector, text]) => {
      const root = document.querySelector('[data-agentdesk-widget]')?.shadowRoot
      const found = [...(root?.querySelectorAll(selector) ?? [])].filter((node) => node.textContent?.includes(text))
      const node = found.at(-1)
      if (!root || !node) return 'not found'
      const box = node.getBoundingClientRect()
      const hit = root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
      return hit && node.contains(hit) ? 'shown' : `covered by ${hit?.outerHTML.slice(0, 80) ?? 'nothing'}`
    },
    [selector, text] as const,
  )
}

beforeAll(async () => {
  site = await startWidgetHost()
  owner = await register(OWNER)
  agentId = (await api<{ agent_id: string }>('/agents/create/', owner.access, { name: 'Help desk' })).json.agent_id
  const integration = await api<{ client_key: string }>(`/agents/${agentId}/integrations/frontend/`, owner.access, {
    website_name: 'Help centre',
    website_domain: site.domain,
    human_handoff: true,
    handoff_wait_minutes: 1,
    handoff_reply_time: 'within two hours',
  })
  site.useClientKey(integration.json.client_key)
  visitorPage = await (await site.dashboard.browser.newContext()).newPage()
  teamPage = await (await signedInContext(owner)).newPage()
}, 120_000)
afterAll(async () => {
  await site?.close()
})

reportBrowserFailures({ page: () => teamPage, server: () => site.dashboard.server })

describe('live takeover', () => {
  it('brings a person into a visitor’s chat live, both ways, and hands it back to the agent', async () => {
    await openWidget(visitorPage)
    await inWidget(visitorPage, 'button.person').click()
    await inWidget(visitorPage, '.notice').filter({ hasText: 'A person was asked for' }).waitFor(SETTLED)
    const { json } = await api<{ data: { id: string }[] }>('/conversations/index/', owner.access)
    const conversationId = json.data[0]!.id

    await teamPage.goto(`${site.dashboard.server.baseUrl}/app/conversations?conversation=${conversationId}`)
    const bar = teamPage.getByTestId('handoff-bar')
    await expect.poll(() => bar.textContent(), SETTLED).toContain('The visitor asked for a person')
    const status = teamPage.getByTestId('conversation-status')
    // A badge's text begins with its tone for screen readers ("Warning").
    await expect.poll(() => status.textContent(), SETTLED).toContain('Asks for a person')
    await bar.getByRole('button', { name: 'Join the chat' }).click()
    // The header says who is in the chat (not Pending while the visitor's words wait for them).
    await expect.poll(() => status.textContent(), SETTLED).toContain('With Nora')

    await inWidget(visitorPage, '.notice').filter({ hasText: 'Nora joined the chat' }).waitFor(SETTLED)
    await expect.poll(() => inWidget(visitorPage, '.title').textContent(), SETTLED).toContain('Nora')

    await teamPage.getByPlaceholder('Write to the visitor...').fill('Hello, I am Nora. How can I help?')
    await teamPage.getByRole('button', { name: 'Send message' }).click()
    const personBubble = inWidget(visitorPage, '.msg.ai').filter({ hasText: 'Hello, I am Nora' })
    await personBubble.waitFor(SETTLED)
    expect(await personBubble.locator('.who').textContent()).toBe('Nora')

    await visitorSays(visitorPage, 'My parcel never arrived.')
    await teamPage.getByTestId('message-user').filter({ hasText: 'My parcel never arrived.' }).waitFor(SETTLED)
    const waiting = await api<{ status: string; person: { name: string } | null }>(
      `/conversations/${conversationId}/`,
      owner.access,
    )
    expect([waiting.json.status, waiting.json.person?.name]).toEqual(['pending', 'Nora'])
    expect(await status.textContent()).toContain('With Nora')
    await screenshot(teamPage, 'live-takeover-team')
    await screenshot(visitorPage, 'live-takeover-visitor')

    await bar.getByRole('button', { name: 'Hand back to Help desk' }).click()
    await inWidget(visitorPage, '.notice').filter({ hasText: 'Nora left the chat' }).waitFor(SETTLED)
    await expect.poll(() => status.textContent(), SETTLED).not.toContain('With Nora')
    const answersBefore = await inWidget(visitorPage, '.msg.ai').count()
    await visitorSays(visitorPage, 'What are your opening hours?')
    await expect.poll(() => inWidget(visitorPage, '.msg.ai').count(), SETTLED).toBeGreaterThan(answersBefore)
    await expect.poll(() => bar.textContent(), SETTLED).toContain('Help desk answers this chat')
  })

  it('offers a visitor whom nobody joins to leave an e-mail, and keeps it as a lead', async () => {
    const context = await site.dashboard.browser.newContext()
    const page = await context.newPage()
    await page.clock.install()
    await openWidget(page)
    await inWidget(page, 'button.person').click()
    await inWidget(page, '.notice').filter({ hasText: 'A person was asked for' }).waitFor(SETTLED)
    await page.clock.fastForward('01:05')
    const offer = inWidget(page, '.notice').filter({ hasText: 'Nobody from the team is free right now' })
    await offer.waitFor(SETTLED)
    expect(await offer.textContent()).toContain('within two hours')
    await inWidget(page, 'form.contact input[type=email]').fill('waiting@example.com')
    await inWidget(page, 'form.contact button').click()
    await inWidget(page, '.notice').filter({ hasText: 'at waiting@example.com' }).waitFor(SETTLED)
    const leads = await api<{ leads: { email: string }[] }>(`/agents/${agentId}/leads/`, owner.access)
    expect(leads.json.leads.map((lead) => lead.email)).toContain('waiting@example.com')
    await context.close()
  })

  it.each([
    ['a desktop', DESKTOP],
    ['a phone', { width: 375, height: 667 }],
  ])(
    'on %s, shows the notice that nobody is free above the e-mail bar, covered by nothing',
    async (screen, viewport) => {
      const context = await site.dashboard.browser.newContext({ viewport })
      const page = await context.newPage()
      await page.clock.install()
      await openWidget(page)
      // A conversation long enough to scroll, as a real one is by the time nobody has come.
      const lines = Array.from({ length: 40 }, (_, index) => `Line ${index + 1} of my order history.`).join('\n')
      await visitorSays(page, lines)
      await inWidget(page, '.msg.user').filter({ hasText: 'Line 40' }).waitFor(SETTLED)
      await expect.poll(() => inWidget(page, '.msg.ai').count(), SETTLED).toBeGreaterThan(1)
      await inWidget(page, 'button.person').click()
      await inWidget(page, '.notice').filter({ hasText: 'A person was asked for' }).waitFor(SETTLED)
      await page.clock.fastForward('01:05')
      const nobodyFree = 'Nobody from the team is free right now'
      await inWidget(page, '.notice').filter({ hasText: nobodyFree }).waitFor(SETTLED)
      await inWidget(page, 'form.contact input[type=email]').waitFor({ state: 'visible' })
      await expect.poll(() => showsUncovered(page, '.notice', nobodyFree), SETTLED).toBe('shown')
      expect(await showsUncovered(page, 'form.contact', '')).toBe('shown')
      await screenshot(page, `widget-nobody-free-${screen === 'a phone' ? 'mobile' : 'desktop'}`)
      await context.close()
    },
  )
})

describe('when the site owner’s plan has ended', () => {
  const PAULA = { email: 'paula@paused.example', password: 'Paused-Pass-7', full_name: 'Paula Owner' }
  let pausedSite: WidgetHost
  const paused = accountsOn(() => pausedSite.dashboard)
  beforeAll(async () => {
    pausedSite = await startWidgetHost(() => '', { BILLING_MODE: 'enforced' })
  }, 120_000)
  afterAll(async () => {
    await pausedSite?.close()
  })

  it('tells the visitor the assistant is paused, and a person who joins still chats with them', async () => {
    const tokens = await paused.register(PAULA)
    const desk = (await paused.api<{ agent_id: string }>('/agents/create/', tokens.access, { name: 'Desk' })).json
      .agent_id
    const integration = await paused.api<{ client_key: string }>(
      `/agents/${desk}/integrations/frontend/`,
      tokens.access,
      {
        website_name: 'Help centre',
        website_domain: pausedSite.domain,
        human_handoff: true,
      },
    )
    pausedSite.useClientKey(integration.json.client_key)
    const { json: current } = await paused.api<{ subscription_id: string }>(
      '/plans/get-user-subscription/',
      tokens.access,
    )
    const cancelled = await paused.api('/plans/cancel-user-subscription/', tokens.access, {
      subscription_id: current.subscription_id,
      immediate: true,
    })
    expect(cancelled.status).toBe(200)

    const page = await (await pausedSite.dashboard.browser.newContext()).newPage()
    await openOn(page, pausedSite.host.url, '/help')
    await visitorSays(page, 'Do you ship to Canada?')
    const pausedReply = inWidget(page, '.msg.ai').filter({ hasText: 'This assistant is paused right now' })
    await pausedReply.waitFor(SETTLED)
    expect(await pausedReply.textContent()).toBe(
      'This assistant is paused right now. You can still ask to talk to a person.',
    )
    expect(await inWidget(page, '.error').count()).toBe(0)

    await inWidget(page, 'button.person').click()
    await inWidget(page, '.notice').filter({ hasText: 'A person was asked for' }).waitFor(SETTLED)
    const { json } = await paused.api<{ data: { id: string }[] }>('/conversations/index/', tokens.access)
    const team = await (await paused.signedInContext(tokens)).newPage()
    await team.goto(`${pausedSite.dashboard.server.baseUrl}/app/conversations?conversation=${json.data[0]!.id}`)
    await team.getByTestId('handoff-bar').getByRole('button', { name: 'Join the chat' }).click()
    await inWidget(page, '.notice').filter({ hasText: 'Paula joined the chat' }).waitFor(SETTLED)

    await team.getByPlaceholder('Write to the visitor...').fill('Hello, we do ship to Canada.')
    await team.getByRole('button', { name: 'Send message' }).click()
    await inWidget(page, '.msg.ai').filter({ hasText: 'Hello, we do ship to Canada.' }).waitFor(SETTLED)
    await visitorSays(page, 'Great, thank you!')
    await team.getByTestId('message-user').filter({ hasText: 'Great, thank you!' }).waitFor(SETTLED)
    expect(await inWidget(page, '.error').count()).toBe(0)
    await screenshot(page, 'live-takeover-paused-visitor')
  }, 90_000)
})
