import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setPlan } from '../../server/billing/set-plan.ts'
import { SCREENS, SHOP, startShopifyAppTestbed, type ShopifyAppTestbed } from './shopify-app-testbed.ts'

// The embedded Agents and Plans screens in Chromium: the dashboard's Create Agent page and agent page,
// a plan's refusal of one agent too many with Upgrade Plan, subscribing through Shopify's confirmation
// page, and the list's paging. The set-up makes the shop's first two agents; the first test the third.
let bed: ShopifyAppTestbed
let testDatabase: ShopifyAppTestbed['testDatabase']
let fakeShopify: ShopifyAppTestbed['fakeShopify']

beforeAll(async () => {
  bed = await startShopifyAppTestbed()
  ;({ testDatabase, fakeShopify } = bed)
  await bed.installShop()
  await bed.createAgents('Kettle expert', 'Night shift')
})

afterAll(async () => {
  await bed?.close()
})

const openEmbedded = (path: string, query?: Record<string, string>) => bed.openEmbedded(path, query)
const shopAccountId = () => bed.shopAccountId()

describe("the embedded screens that reuse the dashboard's feature components", () => {
  it("Agents: the dashboard's Create Agent page, which opens the new agent's page (the dashboard's)", async () => {
    const { page, problems, toastSaying } = await openEmbedded('/shopify/app/agents')
    await page.getByRole('link', { name: 'View details of Kettle expert' }).waitFor()
    await page.getByRole('link', { name: 'Create New Agent' }).first().click()
    await page.waitForURL('**/shopify/app/create-agent')
    await page.getByLabel('Name').fill('Gift guide')
    await page.getByLabel('Description').fill('Helps shoppers choose a kettle as a gift.')
    await page.getByRole('button', { name: 'Create Agent' }).click()
    await toastSaying('Your agent has been created successfully.')
    const created = await testDatabase.database.prisma.agent.findFirstOrThrow({ where: { name: 'Gift guide' } })
    expect(created).toMatchObject({
      accountId: await shopAccountId(),
      description: 'Helps shoppers choose a kettle as a gift.',
    })
    // The new agent's page opens at once, where its knowledge is added next.
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
