import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabaseLocation, type DatabaseLocation } from '../support/create-test-database.ts'
import { startFakeLlm } from '../support/fake-llm.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { reportBrowserFailures } from '../support/report-browser-failure.ts'
import { spawnServer, type SpawnedServer } from '../support/spawn-server.ts'

// The dashboard's main story in Chromium against the real server on the embedded defaults: a visitor
// signs up, builds an agent, teaches it a text, chats with it (streamed, with a citation), puts it on a
// website, and manages the conversation. Then the API goes away and the product runs on demo data.
let server: SpawnedServer
let location: DatabaseLocation
let browser: Browser
let context: BrowserContext
let page: Page
let llm: Awaited<ReturnType<typeof startFakeLlm>>
const problems: string[] = []
const SCREENS = 'test-results/screens'
const EMAIL = 'ada@example.com'
const PASSWORD = 'Str0ng!Passw0rd'
const ANSWER = 'Orders ship within 2 business days [1]. Tracking: https://example.com/track.'
// expect.poll gives up after 1 s unless told otherwise: too soon for a page on a busy CI machine.
const SETTLED = { timeout: 15_000 }

async function api<T = Record<string, unknown>>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'))
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return (await response.json()) as T
}

async function screenshot(name: string) {
  await page.screenshot({ path: `${SCREENS}/${name}-desktop.png`, fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${SCREENS}/${name}-mobile.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
}

let agentId = ''

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true })
  llm = await startFakeLlm()
  llm.state.tokenDelayMs = 120
  llm.state.reply = () => ANSWER
  location = await createDatabaseLocation()
  server = await spawnServer({ DATA_DIR: location.DATA_DIR, ...llm.config })
  browser = await launchChromium()
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl })
  page = await context.newPage()
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) problems.push(message.text())
  })
  page.on('dialog', (dialog) => void dialog.accept())
}, 120_000)

afterAll(async () => {
  await browser?.close()
  server?.child.kill('SIGTERM')
  await server?.exited
  await location?.destroy()
  await llm?.close()
})

describe('the dashboard, from sign-up to a widget on a website', () => {
  reportBrowserFailures({ page: () => page, server: () => server, problems })

  it('sends a visitor of a guarded page to /auth and back to that page after signing up', async () => {
    await page.goto(`${server.baseUrl}/app/agents`)
    await page.waitForURL('**/auth')
    await page.getByRole('tab', { name: 'Sign Up' }).click()
    // This server has no Google sign-in: no button that cannot work, and no "or" before it.
    await expect.poll(() => page.getByRole('button', { name: 'Continue with Google' }).count(), SETTLED).toBe(0)
    expect(await page.getByText('or', { exact: true }).count()).toBe(0)
    await page.getByLabel('Email').fill(EMAIL)
    await page.getByLabel('Full name').fill('Ada Lovelace')
    await page.getByLabel('Password', { exact: true }).fill('weak')
    await expect.poll(() => page.getByRole('button', { name: 'Sign Up' }).isDisabled(), SETTLED).toBe(true)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await screenshot('auth-sign-up')
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await page.waitForURL('**/app/agents')
    await expect.poll(() => page.getByText('No agents yet').first().isVisible(), SETTLED).toBe(true)
    await screenshot('agents-empty')
  })

  it('creates an agent, its button disabled while the name is empty, and opens the new agent', async () => {
    await page.getByRole('link', { name: 'Create Agent' }).first().click()
    await page.waitForURL('**/app/create-agent')
    await expect.poll(() => page.getByRole('button', { name: 'Create Agent' }).isDisabled(), SETTLED).toBe(true)
    await page.getByLabel('Name').fill('Store Helper')
    await page.getByLabel('Description').fill('Answers shipping questions')
    await page.getByRole('button', { name: 'Create Agent' }).click()
    // The toast lasts 4 s from the answer on: wait for it alongside the page change, not after the page loads.
    await Promise.all([page.waitForURL(/\/app\/agents\/[^/?]+$/), page.getByText('Agent created').waitFor()])
    const listed = await api<{ agents: { agent_id: string; name: string; visibility: string }[] }>('/agents/')
    expect(listed.agents.map((agent) => [agent.name, agent.visibility])).toEqual([['Store Helper', 'private']])
    agentId = listed.agents[0]?.agent_id ?? ''
    expect(new URL(page.url()).pathname).toBe(`/app/agents/${agentId}`)
    await page.getByRole('heading', { name: 'Store Helper', level: 1 }).waitFor(SETTLED)
    await screenshot('agent-overview')
    // Cancel still goes to the list.
    await page.goto(`${server.baseUrl}/app/create-agent`)
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.waitForURL('**/app/agents')
    await expect.poll(() => page.getByTestId('agent-card').count(), SETTLED).toBe(1)
    await screenshot('agents-list')
  })

  it('adds a text in the Texts tab, which a new agent embeds without a click', async () => {
    await page.getByRole('link', { name: 'View details of Store Helper' }).click()
    await page.waitForURL(`**/app/agents/${agentId}`)
    await page.getByRole('tab', { name: 'Texts' }).click()
    await page.getByLabel('Name').fill('Shipping policy')
    await page
      .getByLabel('Content')
      .fill('Orders ship within 2 business days from our warehouse. Tracking links arrive by e-mail.')
    await page.getByRole('button', { name: 'Add Text' }).click()
    await expect
      .poll(async () => (await api<{ embeddings: unknown[] }>(`/agents/${agentId}/embeddings/`)).embeddings.length, {
        timeout: 30_000,
      })
      .toBe(1)
    await expect
      .poll(() => page.getByText('Embedded', { exact: true }).first().isVisible(), { timeout: 15_000 })
      .toBe(true)
  })

  it('chats in the Chat tab: the answer streams in and cites the text', async () => {
    await page.getByRole('tab', { name: 'Chat' }).click()
    await page.getByRole('button', { name: 'Start Conversation' }).click()
    await expect.poll(() => page.getByText('Hello! How can I help you today?').isVisible(), SETTLED).toBe(true)
    await page.locator('#chat-input').fill('When do orders ship?')
    await page.keyboard.press('Enter')
    // Part of the answer is on screen before the whole of it. The text is kept as it was seen: read again
    // later, the streaming bubble may already have given way to the finished message.
    let partial = ''
    await expect
      .poll(
        async () => (partial = (await page.getByTestId('message-streaming').allTextContents()).join('')).length > 0,
        { ...SETTLED, interval: 20 },
      )
      .toBe(true)
    expect(ANSWER.startsWith(partial.trim())).toBe(true)
    const citation = page.getByTestId('citation').first()
    await expect.poll(() => citation.isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await citation.getAttribute('aria-label')).toBe('Source 1: Shipping policy')
    expect(await page.getByRole('link', { name: 'https://example.com/track' }).getAttribute('rel')).toContain(
      'noopener',
    )
    const conversations = await api<{ data: { id: string; name: string }[] }>(`/conversations/${agentId}/`)
    await expect
      .poll(async () => (await api<{ data: { name: string }[] }>(`/conversations/${agentId}/`)).data[0]?.name, SETTLED)
      .toBe('Chat: When do orders ship?')
    expect(conversations.data).toHaveLength(1)
    await screenshot('agent-chat')
    // With a model set up, no notice says otherwise.
    expect(await page.getByText('No AI model is set up on this server').count()).toBe(0)

    // The open conversation is in the address: another browser tab opens it, with nothing remembered.
    const address = page.url()
    expect(new URL(address).searchParams.get('conversation')).toBe(conversations.data[0]?.id)
    await page.evaluate((key) => localStorage.removeItem(key), `chat_conversation_${agentId}`)
    const another = await context.newPage()
    await another.goto(address)
    await expect.poll(() => another.getByText('When do orders ship?').first().isVisible(), SETTLED).toBe(true)
    await another.close()
  })

  it('creates a widget integration and copies its code', async () => {
    await page.getByRole('link', { name: 'Widget' }).first().click()
    await page.waitForURL('**/app/widget')
    await page.getByLabel('Agent', { exact: true }).selectOption(agentId)
    await page.getByLabel('Website name').fill('Ada Store')
    await page.getByLabel('Website domain').fill('https://shop.example.com/')
    await page.getByRole('button', { name: 'Create Widget Integration' }).click()
    const integrations = async () =>
      (
        await api<{ integrations: { client_key: string; website_domain: string }[] }>(
          `/agents/${agentId}/integrations/frontend/`,
        )
      ).integrations
    await expect.poll(async () => (await integrations()).length, SETTLED).toBe(1)
    const [integration] = await integrations()
    expect(integration?.website_domain).toBe('shop.example.com')
    await page.getByRole('button', { name: 'Copy Code' }).first().click()
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()), SETTLED)
      .toContain(integration?.client_key)
    await screenshot('widget-result')
  })

  it('filters, favourites and archives conversations, and edits and deletes a message', async () => {
    await page.goto(`${server.baseUrl}/app/conversations`)
    const item = page.getByTestId('conversation-item')
    await expect.poll(() => item.count(), SETTLED).toBe(1)
    expect(await item.first().textContent()).toContain('CH')
    await item.first().click()
    await expect
      .poll(() => page.getByRole('heading', { name: 'Chat: When do orders ship?' }).isVisible(), SETTLED)
      .toBe(true)
    // Favourite and archive work with All Agents too (issue 37; SPEC section 4 had them only with one agent).
    expect(await page.getByRole('button', { name: 'Add to favorites' }).isDisabled()).toBe(false)
    await page.getByLabel('Agent', { exact: true }).selectOption(agentId)
    await page.getByRole('button', { name: 'Add to favorites' }).click()
    await page.getByRole('button', { name: 'Favorite', exact: true }).click()
    await expect.poll(() => item.count(), SETTLED).toBe(1)
    await page.getByPlaceholder('Search conversations...').fill('no such words')
    await expect.poll(() => page.getByText('No conversations found').isVisible(), SETTLED).toBe(true)
    await page.getByPlaceholder('Search conversations...').fill('')
    await page.getByRole('button', { name: 'All', exact: true }).click()
    await item.first().click()
    await page.getByRole('button', { name: 'Edit message' }).first().click()
    await page.getByLabel('Edit message').fill('When do my orders ship?')
    await page.getByRole('button', { name: 'Save' }).click()
    const messages = async () =>
      (
        await api<{ data: { message_text: string; sender_type: string; answer_failed: boolean }[] }>(
          `/conversations/${agentId}/${await selectedId()}/messages/`,
        )
      ).data
    await expect
      .poll(
        async () =>
          (await messages()).filter((message) => message.sender_type === 'user').map((message) => message.message_text),
        SETTLED,
      )
      .toEqual(['When do my orders ship?'])
    // The edited question is answered again: its old answer is replaced, never shown as failed.
    await expect
      .poll(async () => {
        const all = await messages()
        const question = all.findIndex((message) => message.sender_type === 'user')
        return [all[question]?.answer_failed, all[question + 1]?.sender_type]
      }, SETTLED)
      .toEqual([false, 'ai'])
    await expect.poll(() => page.getByTestId('message-answering-again').count(), SETTLED).toBe(0)
    expect(await page.getByRole('button', { name: 'Answer failed · Retry' }).count()).toBe(0)
    await screenshot('conversations')
    await page.getByRole('button', { name: 'Delete message' }).first().click()
    await expect
      .poll(async () => (await messages()).filter((message) => message.sender_type === 'user').length, SETTLED)
      .toBe(0)
    await page.getByRole('button', { name: 'Archive conversation' }).click()
    await expect.poll(() => page.getByText('No conversations', { exact: true }).isVisible(), SETTLED).toBe(true)
    // The open conversation stays open although the list no longer holds it (drawn in the same render as the empty list).
    expect(await page.getByRole('heading', { name: 'Chat: When do orders ship?' }).isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Archived', exact: true }).click()
    await expect.poll(() => item.count(), SETTLED).toBe(1)
    const stored = await api<{ data: { is_archived: boolean; is_favorite: boolean }[] }>(`/conversations/${agentId}/`)
    expect(stored.data).toEqual([])
    const archived = await api<{ data: { is_archived: boolean; is_favorite: boolean }[] }>(
      `/conversations/index/?filter=archived`,
    )
    expect(archived.data.map((conversation) => [conversation.is_archived, conversation.is_favorite])).toEqual([
      [true, true],
    ])
  })

  it('shows the dashboard with the counts of what was made', async () => {
    await page.goto(`${server.baseUrl}/app/dashboard`)
    await expect
      .poll(() => page.getByTestId('stat-cards').textContent(), { timeout: 15_000 })
      .toContain('Total Agents1')
    // The agent cards come from a query of their own, which may answer after the figures.
    await expect.poll(() => page.getByTestId('agent-card').count(), SETTLED).toBe(1)
    await screenshot('dashboard')
    expect(problems).toEqual([])
  })

  it('runs on demo data, with the warning and Retry, while the API cannot be reached', async () => {
    const demo = await context.newPage()
    await demo.route('**/api/**', (route) => route.abort())
    await demo.goto(`${server.baseUrl}/app/dashboard`)
    await expect.poll(() => demo.getByText('Backend connection failed').isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await demo.getByText('Running in demo mode with mock data.').isVisible()).toBe(true)
    await expect.poll(() => demo.getByText('Support Assistant').first().isVisible(), { timeout: 20_000 }).toBe(true)
    await demo.screenshot({ path: `${SCREENS}/demo-mode-desktop.png`, fullPage: true })
    await demo.unroute('**/api/**')
    await demo.getByRole('button', { name: 'Retry' }).first().click()
    await expect.poll(() => demo.getByTestId('demo-banner').count(), SETTLED).toBe(0)
    await expect.poll(() => demo.getByText('Store Helper').first().isVisible(), SETTLED).toBe(true)
    expect(await demo.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy()
    await demo.close()
  })

  it('answers any other path with the 404 page, whose link goes home', async () => {
    const response = await page.goto(`${server.baseUrl}/no/such/page`)
    expect(response?.status()).toBe(200)
    // The page is drawn by the app after the load event: wait for it rather than reading at once.
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor()
    await screenshot('not-found')
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await page.waitForURL(`${server.baseUrl}/`)
  })

  it('signs out to /auth and keeps the dashboard closed afterwards', async () => {
    await page.goto(`${server.baseUrl}/app/dashboard`)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL('**/auth')
    expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull()
    await page.goto(`${server.baseUrl}/app/conversations`)
    await page.waitForURL('**/auth')
  })
})

async function selectedId(): Promise<string> {
  return new URL(page.url()).searchParams.get('conversation') ?? ''
}
