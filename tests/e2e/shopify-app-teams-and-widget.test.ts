import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCREENS, SHOP, startShopifyAppTestbed, type ShopifyAppTestbed } from './shopify-app-testbed.ts'

// The embedded Teams and Widget screens in Chromium, over the shop account whose first agent ("Kettle
// expert") the set-up makes: a team given that agent, then the storefront's chat widget set up for it
// and another agent chosen behind the admin's save bar.
let bed: ShopifyAppTestbed
let testDatabase: ShopifyAppTestbed['testDatabase']
let baseUrl: string

beforeAll(async () => {
  bed = await startShopifyAppTestbed()
  ;({ testDatabase, baseUrl } = bed)
  await bed.installShop()
  await bed.createAgents('Kettle expert')
})

afterAll(async () => {
  await bed?.close()
})

const openEmbedded = (path: string, query?: Record<string, string>) => bed.openEmbedded(path, query)
const sessionToken = () => bed.sessionToken()
const shopAccountId = () => bed.shopAccountId()

describe("the embedded screens that reuse the dashboard's feature components", () => {
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
})
