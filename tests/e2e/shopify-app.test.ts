import { once } from 'node:events'
import { mkdirSync } from 'node:fs'
import { getJwt } from '@shopify/shopify-api/test-helpers'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpApp, type HttpApp } from '../../server/http/create-http-app.ts'
import { createLogger } from '../../server/logging/create-logger.ts'
import { shopifyAppTestBuildDir } from '../support/build-dashboard-once.ts'
import { testConfig } from '../support/create-test-app.ts'
import { setPlan } from '../../server/billing/set-plan.ts'
import { createTestDatabase, type TestDatabase } from '../support/create-test-database.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { startFakeShopifyAdmin } from '../integration/shopify/app-fake-shopify-admin.ts'
import { FAKE_APP_BRIDGE, type FakeAppBridgeRecord } from './fake-app-bridge.ts'

// The embedded Shopify app in Chromium, outside the admin frame (the login page lives there; the admin
// screens render there too when given a session token): built as `npm run build` builds it, served by
// the real server under its production content security policy, Shopify's side faked on 127.0.0.1.
const SCREENS = 'test-results/screens'
// The library refuses user agents it takes for robots, HeadlessChrome among them.
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

let testDatabase: TestDatabase
let app: HttpApp
let server: Server
let baseUrl: string
let browser: Browser
let fakeShopify: Awaited<ReturnType<typeof startFakeShopifyAdmin>>
const API_KEY = 'e2e-client-id'
const API_SECRET = 'e2e-client-secret'

beforeAll(async () => {
  fakeShopify = await startFakeShopifyAdmin({ apiKey: API_KEY, apiSecret: API_SECRET })
  fakeShopify.addShop('e2e-kettles.myshopify.com', {
    name: 'E2E Kettles',
    email: 'owner@e2e-kettles.example',
    primaryDomain: 'https://e2e-kettles.example',
  })
  testDatabase = await createTestDatabase()
  const config = testConfig({
    DATA_DIR: testDatabase.location.DATA_DIR,
    DATABASE_URL: testDatabase.location.DATABASE_URL,
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: API_SECRET,
    PUBLIC_URL: 'https://agentdesk.example',
    BILLING_MODE: 'enforced',
    LOG_LEVEL: 'warn',
    DASHBOARD_DIR: process.env.DASHBOARD_DIR,
  })
  app = await createHttpApp({
    config,
    database: testDatabase.database,
    logger: createLogger(config),
    shopifyBuildDir: shopifyAppTestBuildDir(),
  })
  server = app.listen(0, '127.0.0.1')
  await once(server, 'listening')
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await launchChromium()
  mkdirSync(SCREENS, { recursive: true })
})

afterAll(async () => {
  await browser?.close()
  server?.close()
  await app?.close()
  await testDatabase?.cleanup()
  await fakeShopify?.close()
})

async function open(path: string): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ userAgent: CHROME, viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  const response = await page.goto(`${baseUrl}${path}`)
  expect(response?.status()).toBe(200)
  return { page, problems }
}

describe('the Shopify app login page', () => {
  it('renders the shop-domain form, its scripts running under the nonce policy', async () => {
    const { page, problems } = await open('/shopify/auth/login')
    await expect.poll(() => page.getByRole('heading', { name: 'Log in to AgentDesk' }).isVisible()).toBe(true)
    expect(await page.getByLabel('Shop domain').isVisible()).toBe(true)
    // React Router's inline context script ran: the policy let it through by its nonce.
    expect(
      await page.evaluate(() => typeof (window as unknown as { __reactRouterContext?: unknown }).__reactRouterContext),
    ).toBe('object')
    expect(await page.locator('script[src*="app-bridge.js"]').count()).toBe(0)
    await page.screenshot({ path: `${SCREENS}/shopify-login-desktop.png`, fullPage: true })
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('an invalid shop domain shows the error under the field', async () => {
    const { page, problems } = await open('/shopify/auth/login')
    await page.getByLabel('Shop domain').fill('not a shop!')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => page.getByText('Please enter a valid shop domain to log in').isVisible()).toBe(true)
    expect(await page.getByLabel('Shop domain').getAttribute('aria-invalid')).toBe('true')
    await page.screenshot({ path: `${SCREENS}/shopify-login-invalid-shop.png`, fullPage: true })
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('an empty shop domain asks for one', async () => {
    const { page } = await open('/shopify/auth/login')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => page.getByText('Please enter your shop domain to log in').isVisible()).toBe(true)
    await page.context().close()
  })
})

describe('the embedded Agents screen outside the admin frame', () => {
  it('with a session token, shows the shop account and its agents', async () => {
    const { page, problems } = await openEmbedded('/shopify/app')
    await expect.poll(() => page.getByRole('heading', { name: 'Agents' }).first().isVisible()).toBe(true)
    await page.getByText('No agents yet').waitFor()
    expect(await page.getByText('E2E Kettles').isVisible()).toBe(true)
    await page.screenshot({ path: `${SCREENS}/shopify-agents-empty.png`, fullPage: true })
    expect(problems).toEqual([])
    await page.context().close()
  })
})

const SHOP = 'e2e-kettles.myshopify.com'
const sessionToken = async () => (await getJwt('e2e-kettles', API_KEY, API_SECRET)).token
const shopAccountId = async () =>
  (await testDatabase.database.prisma.shopifyShop.findUniqueOrThrow({ where: { shopDomain: SHOP } })).accountId

/**
 * An embedded screen as the admin opens it, with App Bridge stood in for by a small fake of its global
 * (session tokens signed with the app's secret, toasts and the save bar recorded): the real script
 * comes from Shopify's CDN, which cannot be reached here.
 */
async function openEmbedded(path: string, query: Record<string, string> = {}) {
  const context = await browser.newContext({ userAgent: CHROME, viewport: { width: 1280, height: 800 } })
  await context.exposeFunction('mintSessionToken', sessionToken)
  await context.route('https://cdn.shopify.com/shopifycloud/app-bridge.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_APP_BRIDGE }),
  )
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => {
    // Polaris's stylesheet asks Shopify's CDN for its font, which cannot be reached here.
    if (message.type() === 'error' && !message.text().includes('ERR_NAME_NOT_RESOLVED')) problems.push(message.text())
  })
  const host = Buffer.from('admin.shopify.com/store/e2e-kettles').toString('base64url')
  const search = new URLSearchParams({ embedded: '1', shop: SHOP, host, id_token: await sessionToken(), ...query })
  const response = await page.goto(`${baseUrl}${path}?${search}`)
  expect(response?.status()).toBe(200)
  const appBridge = () =>
    page.evaluate(() => (window as unknown as { appBridgeRecord: FakeAppBridgeRecord }).appBridgeRecord)
  const toastSaying = (text: string) =>
    expect
      .poll(async () => (await appBridge()).toasts.map((toast) => toast.message), { timeout: 15_000 })
      .toContain(text)
  return { page, problems, appBridge, toastSaying }
}

describe("the embedded screens that reuse the dashboard's feature components", () => {
  it("Knowledge: the first agent, then a text through the dashboard's own Texts tab, its toasts shown by App Bridge", async () => {
    const { page, problems, appBridge, toastSaying } = await openEmbedded('/shopify/app/knowledge')
    await page.getByLabel('Agent name').fill('Kettle expert')
    await page.getByRole('button', { name: 'Create agent' }).click()
    await toastSaying('Agent created')
    await page.getByLabel('Agent', { exact: true }).waitFor()
    expect(await page.getByText('Nothing imported from the store yet.').isVisible()).toBe(true)

    await page.getByRole('tab', { name: 'Texts' }).click()
    await page.getByText('No texts yet').waitFor()
    await page.getByLabel('Name').fill('Descaling')
    await page.getByLabel('Content').fill('Descale the kettle every month with citric acid.')
    await page.getByRole('button', { name: 'Add Text' }).click()
    await page.getByRole('button', { name: 'Embed Descaling' }).waitFor()
    await toastSaying('Embed it so the agent can use it.')
    expect(page.url()).toContain('tab=texts')
    // Made through the API with the session token: the shop account's agent holds it.
    const text = await testDatabase.database.prisma.text.findFirstOrThrow({
      where: { title: 'Descaling' },
      select: { agent: { select: { name: true, accountId: true } } },
    })
    expect(text.agent).toEqual({ name: 'Kettle expert', accountId: await shopAccountId() })
    await page.screenshot({ path: `${SCREENS}/shopify-knowledge-texts.png`, fullPage: true })

    // A file goes up as multipart with the session token; the server's refusal is an App Bridge error toast.
    await page.getByRole('tab', { name: 'Documents' }).click()
    await page.getByText('No documents yet').waitFor()
    const input = page.getByTestId('document-file-input')
    await input.setInputFiles({
      name: 'manual.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('just words, not a PDF'),
    })
    await expect
      .poll(async () => (await appBridge()).toasts.filter((toast) => toast.isError).map((toast) => toast.message))
      .toEqual(['Upload failed: Invalid file format. Allowed formats: pdf, docx, txt, csv, json'])
    await input.setInputFiles({
      name: 'care-guide.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Rinse the kettle after descaling.\n'),
    })
    const accountId = await shopAccountId()
    await expect
      .poll(
        () =>
          testDatabase.database.prisma.document.findMany({
            where: { agent: { accountId } },
            select: { name: true, format: true },
          }),
        { timeout: 15_000 },
      )
      .toEqual([{ name: 'care-guide.txt', format: 'txt' }])
    await page.getByRole('button', { name: 'Embed care-guide.txt' }).waitFor()
    // The refused upload's 415 is the one failed request the browser reports.
    expect(problems.filter((problem) => !problem.includes('status of 415'))).toEqual([])
    await page.context().close()
  })

  it("Knowledge: a store import's progress moves on screen while it runs, without a reload", async () => {
    const agent = await testDatabase.database.prisma.agent.findFirstOrThrow({ where: { name: 'Kettle expert' } })
    // A running import as a worker elsewhere would hold it: leased for an hour, so this server's worker leaves it be.
    const job = await testDatabase.database.prisma.job.create({
      data: {
        kind: 'shopify-import-content',
        accountId: agent.accountId,
        agentId: agent.id,
        status: 'running',
        progress: 25,
        progressDetail: 'Pages 1 of 4',
        lockedBy: 'another-worker',
        leaseExpiresAt: new Date(Date.now() + 3_600_000),
        runAfter: new Date(Date.now() + 3_600_000),
      },
    })
    const { page, problems } = await openEmbedded('/shopify/app/knowledge', { agent: agent.id })
    await page.getByText('Pages 1 of 4').waitFor()
    await testDatabase.database.prisma.job.update({
      where: { id: job.id },
      data: { progress: 75, progressDetail: 'Pages 3 of 4' },
    })
    await page.getByText('Pages 3 of 4').waitFor({ timeout: 10_000 })
    await testDatabase.database.prisma.job.update({
      where: { id: job.id },
      data: { status: 'succeeded', progress: 100, progressDetail: 'Done', lockedBy: null, leaseExpiresAt: null },
    })
    await page.getByText('succeeded').waitFor({ timeout: 10_000 })

    // Another agent shows its own imports (none), read by the loader for the agent in the address.
    const other = await testDatabase.database.prisma.agent.create({
      data: { accountId: agent.accountId, name: 'Mug expert' },
    })
    try {
      await page.reload()
      await page.getByLabel('Agent', { exact: true }).selectOption({ label: 'Mug expert' })
      await page.getByText('Nothing imported from the store yet.').waitFor()
      await expect.poll(() => page.getByText('Done', { exact: true }).count()).toBe(0)
      expect(new URL(page.url()).searchParams.get('agent')).toBe(other.id)
      await page.getByLabel('Agent', { exact: true }).selectOption({ label: 'Kettle expert' })
      await page.getByText('Done', { exact: true }).waitFor()
    } finally {
      await testDatabase.database.prisma.agent.delete({ where: { id: other.id } })
    }
    expect(problems).toEqual([])
    await page.context().close()
  })

  it("Teams: the dashboard's Team Management and Agent Permissions over the shop account", async () => {
    const { page, problems, toastSaying } = await openEmbedded('/shopify/app/teams')
    await page.getByLabel('Team name').fill('Store staff')
    await page.getByRole('button', { name: 'Create Team' }).click()
    await toastSaying('Team created successfully')
    await page.getByRole('heading', { name: 'Store staff' }).waitFor()
    const team = await testDatabase.database.prisma.team.findFirstOrThrow({
      where: { name: 'Store staff' },
      select: { accountId: true },
    })
    expect(team.accountId).toBe(await shopAccountId())

    await page.screenshot({ path: `${SCREENS}/shopify-teams.png`, fullPage: true })
    await page.getByRole('tab', { name: 'Agent Permissions' }).click()
    await expect.poll(() => page.url()).toContain('tab=permissions')
    await page.getByText('Select a team to view agent assignments').waitFor()
    await page.getByLabel('Team', { exact: true }).selectOption({ label: 'Store staff' })
    await page.getByLabel('Agent', { exact: true }).selectOption({ label: 'Kettle expert' })
    await page.getByRole('button', { name: 'Assign', exact: true }).click()
    await toastSaying('Agent assigned to team successfully')
    await page
      .getByRole('table', { name: 'Agents assigned to Store staff' })
      .getByRole('cell', { name: 'Kettle expert', exact: true })
      .waitFor()
    expect(
      await testDatabase.database.prisma.teamAgent.count({
        where: { accountId: await shopAccountId(), agent: { name: 'Kettle expert' }, team: { name: 'Store staff' } },
      }),
    ).toBe(1)
    await page.screenshot({ path: `${SCREENS}/shopify-teams-permissions.png`, fullPage: true })
    expect(problems).toEqual([])
    await page.context().close()
  })

  it("Widget: set up, then another agent raises the admin's save bar; Discard puts it back, Save keeps it", async () => {
    const created = await fetch(`${baseUrl}/api/agents/create/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await sessionToken()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Night shift' }),
    })
    expect(created.status).toBe(201)
    const { page, problems, appBridge, toastSaying } = await openEmbedded('/shopify/app/widget')
    await page.getByRole('button', { name: 'Set up the chat widget' }).click()
    await toastSaying('The chat widget is ready: turn the app embed on in your theme.')
    const agentOfShop = async () =>
      (
        await testDatabase.database.prisma.shopifyShop.findUniqueOrThrow({
          where: { shopDomain: SHOP },
          select: { agent: { select: { name: true } } },
        })
      ).agent?.name
    expect(await agentOfShop()).toBe('Kettle expert')

    const agent = page.getByLabel('Agent that answers on your store')
    const saveBar = page.locator('ui-save-bar#widget-agent-save-bar')
    await agent.selectOption({ label: 'Night shift' })
    await expect.poll(() => saveBar.getAttribute('data-shown')).toBe('true')
    await saveBar.getByRole('button', { name: 'Discard' }).click()
    await expect.poll(() => saveBar.getAttribute('data-shown')).toBe('false')
    expect(await agent.locator('option:checked').textContent()).toBe('Kettle expert')

    await agent.selectOption({ label: 'Night shift' })
    await expect.poll(() => saveBar.getAttribute('data-shown')).toBe('true')
    await saveBar.getByRole('button', { name: 'Save' }).click()
    await expect.poll(agentOfShop).toBe('Night shift')
    await expect.poll(() => saveBar.getAttribute('data-shown')).toBe('false')
    expect(
      (await appBridge()).toasts.filter((toast) => toast.message.startsWith('The chat widget is ready')),
    ).toHaveLength(2)
    expect(problems).toEqual([])
    await page.context().close()
  })

  it("Playground: the dashboard's chat, its answer streamed from the API with App Bridge's session tokens", async () => {
    const agent = await testDatabase.database.prisma.agent.findFirstOrThrow({ where: { name: 'Kettle expert' } })
    const { page, problems, appBridge } = await openEmbedded('/shopify/app/playground', { agent: agent.id })
    await page.getByRole('button', { name: 'Start Conversation' }).click()
    await page.getByText('Hello! How can I help you today?').waitFor()
    await page.locator('#chat-input').fill('How do I descale the <b>kettle</b>?')
    await page.keyboard.press('Enter')
    const conversation = () =>
      testDatabase.database.prisma.conversation.findFirst({
        where: { agentId: agent.id },
        select: { name: true, channel: true, accountId: true, _count: { select: { messages: true } } },
      })
    await expect.poll(async () => (await conversation())?._count.messages, { timeout: 20_000 }).toBe(3)
    await expect.poll(async () => (await conversation())?.name).toBe('Chat: How do I descale the <b>kettle</b>?')
    // Shown as the words typed, never as markup.
    await page.getByText('How do I descale the <b>kettle</b>?').first().waitFor()
    expect(await page.locator('.chat-panel b').count()).toBe(0)
    expect(await conversation()).toMatchObject({ channel: 'dashboard', accountId: await shopAccountId() })
    const answer = await testDatabase.database.prisma.message.findFirstOrThrow({
      where: { conversation: { agentId: agent.id }, senderType: 'ai', replyToId: { not: null } },
    })
    await expect
      .poll(() => page.getByText(answer.text.slice(0, 40)).first().isVisible(), { timeout: 15_000 })
      .toBe(true)
    expect((await appBridge()).idTokens).toBeGreaterThan(2)
    await page.screenshot({ path: `${SCREENS}/shopify-playground.png`, fullPage: true })
    expect(problems).toEqual([])
    await page.context().close()
  })

  it("Conversations: the dashboard's workspace over every chat of the shop's agents, storefront chats marked", async () => {
    const agent = await testDatabase.database.prisma.agent.findFirstOrThrow({ where: { name: 'Kettle expert' } })
    await testDatabase.database.prisma.conversation.create({
      data: {
        accountId: agent.accountId,
        agentId: agent.id,
        name: 'Storefront visitor',
        channel: 'shopify',
        messages: { create: { senderType: 'user', text: 'Is the copper kettle in stock?' } },
      },
    })
    const { page, problems } = await openEmbedded('/shopify/app/conversations')
    const items = page.getByTestId('conversation-item')
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(2)
    const storefront = items.filter({ hasText: 'Storefront visitor' })
    expect(await storefront.getByText('Shopify store').isVisible()).toBe(true)
    await storefront.click()
    await page.getByText('Is the copper kettle in stock?').waitFor()
    expect(
      await page
        .getByText('This conversation belongs to a customer of your Shopify store; you can read it here.')
        .isVisible(),
    ).toBe(true)
    // The address keeps the admin's parameters beside the screen's own.
    expect(new URL(page.url()).searchParams.get('shop')).toBe(SHOP)
    expect(new URL(page.url()).searchParams.get('conversation')).not.toBeNull()

    // Typed key by key: every character stays, and the list follows the search.
    const search = page.getByPlaceholder('Search conversations...')
    await search.pressSequentially('storefront visitor', { delay: 15 })
    expect(await search.inputValue()).toBe('storefront visitor')
    await expect.poll(() => items.count()).toBe(1)
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('storefront visitor')
    expect(await search.inputValue()).toBe('storefront visitor')
    await search.fill('')
    await expect.poll(() => items.count()).toBe(2)
    await expect.poll(() => new URL(page.url()).searchParams.has('q')).toBe(false)

    await page.getByLabel('Agent', { exact: true }).selectOption({ label: 'Kettle expert' })
    await page.getByRole('button', { name: 'Add to favorites' }).click()
    await expect
      .poll(
        async () =>
          (await testDatabase.database.prisma.conversation.findFirstOrThrow({ where: { name: 'Storefront visitor' } }))
            .isFavorite,
      )
      .toBe(true)
    await page.screenshot({ path: `${SCREENS}/shopify-conversations.png`, fullPage: true })
    expect(problems).toEqual([])
    await page.context().close()
  })

  it("Agents: the dashboard's Create Agent page, then the new agent's card opens the dashboard's agent page", async () => {
    const { page, problems, toastSaying } = await openEmbedded('/shopify/app/agents')
    await page.getByRole('link', { name: 'View details of Kettle expert' }).waitFor()
    await page.getByRole('link', { name: 'Create New Agent' }).first().click()
    await page.waitForURL('**/shopify/app/create-agent')
    await page.getByLabel('Name').fill('Gift guide')
    await page.getByLabel('Description').fill('Helps shoppers choose a kettle as a gift.')
    await page.getByRole('button', { name: 'Create Agent' }).click()
    await page.waitForURL('**/shopify/app/agents')
    await toastSaying('Your agent has been created successfully.')
    const created = await testDatabase.database.prisma.agent.findFirstOrThrow({ where: { name: 'Gift guide' } })
    expect(created).toMatchObject({
      accountId: await shopAccountId(),
      description: 'Helps shoppers choose a kettle as a gift.',
    })

    await page.getByRole('link', { name: 'View details of Gift guide' }).click()
    await page.waitForURL(`**/shopify/app/agents/${created.id}`)
    await page.getByRole('heading', { name: 'Gift guide' }).waitFor()
    await page.getByRole('tab', { name: 'Websites' }).click()
    await page.getByText('No websites yet').waitFor()
    await page.screenshot({ path: `${SCREENS}/shopify-agent-detail.png`, fullPage: true })
    expect(problems).toEqual([])
    await page.context().close()
  })

  it("Agents: past the plan, the dashboard's refusal shows in the admin's toast with Upgrade Plan, which opens the plan", async () => {
    const accountId = await shopAccountId()
    const agents = await testDatabase.database.prisma.agent.count({ where: { accountId } })
    await testDatabase.database.prisma.plan.create({
      data: {
        id: 70,
        name: 'Kettle plan',
        isActive: false,
        conversationLimit: 10,
        messageLimit: 10,
        tokenLimit: 100_000n,
        widgetLimit: 3,
        teamMemberLimit: 1,
        agentLimit: agents,
      },
    })
    const account = await testDatabase.database.prisma.user.findUniqueOrThrow({ where: { id: accountId } })
    await setPlan(testDatabase.database, {
      email: account.email,
      plan: '70',
      until: new Date(Date.now() + 30 * 86_400_000),
    })
    const { page, problems, appBridge, toastSaying } = await openEmbedded('/shopify/app/create-agent')
    await page.getByLabel('Name').fill('One too many')
    await page.getByRole('button', { name: 'Create Agent' }).click()
    await toastSaying(`Failed to create agent: Your plan allows ${agents} agents. Upgrade your plan to add more.`)
    const toasts = (await appBridge()).toasts
    expect(toasts.at(-1)).toMatchObject({ isError: true, action: 'Upgrade Plan' })
    await page.evaluate(
      (index) => (window as unknown as { pressToastAction(index: number): void }).pressToastAction(index),
      toasts.length - 1,
    )
    await page.waitForURL('**/shopify/app/payment**')
    await page.getByText('Current Plan: Kettle plan').waitFor()
    expect(await testDatabase.database.prisma.agent.count({ where: { accountId } })).toBe(agents)
    // The browser logs the refused call itself; nothing else went wrong.
    expect(problems).toEqual(['Failed to load resource: the server responded with a status of 402 (Payment Required)'])
    await page.context().close()
  })

  it('Plans: subscribing leaves for Shopify’s confirmation page; back from it, billing.check puts the shop on the plan', async () => {
    const { page, problems, appBridge } = await openEmbedded('/shopify/app/plans')
    await page.getByRole('heading', { name: 'Plans', level: 1 }).waitFor()
    expect(await page.getByRole('heading', { name: /^Pro \d$/, level: 3 }).count()).toBe(7)
    await page.getByText('Current Plan: Kettle plan').waitFor()
    await page.screenshot({ path: `${SCREENS}/shopify-plans-desktop.png`, fullPage: true })
    await page.getByRole('button', { name: 'Subscribe to Pro 2' }).click()
    await expect.poll(async () => (await appBridge()).redirects, { timeout: 15_000 }).toHaveLength(1)
    const pending = fakeShopify.appSubscriptions.at(-1)!
    expect((await appBridge()).redirects[0]).toContain(`https://${SHOP}/admin/charges/`)
    expect(pending).toMatchObject({ name: 'Pro 2', status: 'PENDING', test: false })
    await page.context().close()

    fakeShopify.approveSubscription(pending.id)
    const back = await openEmbedded('/shopify/app/plans', {
      billing: 'returned',
      charge_id: pending.id.split('/').at(-1)!,
    })
    await back.page.getByText("You're on Pro 2").waitFor()
    await back.page.getByText('Current Plan: Pro 2').waitFor()
    expect(await back.page.getByRole('button', { name: 'Current plan' }).count()).toBe(1)
    await back.page.setViewportSize({ width: 390, height: 844 })
    expect(await back.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await back.page.screenshot({ path: `${SCREENS}/shopify-plans-mobile.png` })
    const current = await testDatabase.database.prisma.subscription.findUniqueOrThrow({
      where: { currentKey: await shopAccountId() },
      include: { plan: true },
    })
    expect(current).toMatchObject({
      provider: 'shopify',
      providerSubscriptionId: pending.id,
      status: 'active',
      plan: { name: 'Pro 2' },
    })
    expect(problems).toEqual(['Failed to load resource: the server responded with a status of 401 (Unauthorized)'])
    expect(back.problems).toEqual([])
    await back.page.context().close()
  })

  it('Agents: an address past the last page moves to the last page there is, once', async () => {
    const { page, problems } = await openEmbedded('/shopify/app/agents', { page: '99' })
    await page.getByRole('link', { name: 'View details of Gift guide' }).waitFor()
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBeNull()
    expect(new URL(page.url()).searchParams.get('shop')).toBe(SHOP)
    expect(problems).toEqual([])
    await page.context().close()
  })
})
