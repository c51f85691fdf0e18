import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCREENS, startShopifyAppTestbed, type ShopifyAppTestbed } from './shopify-app-testbed.ts'

// The embedded Agents and Knowledge screens in Chromium, from a shop that has just installed the app:
// the empty Agents screen, then the first agent, a text and a document made in Knowledge (the second
// test reads that agent), and a store import's progress followed on screen.
let bed: ShopifyAppTestbed
let testDatabase: ShopifyAppTestbed['testDatabase']

beforeAll(async () => {
  bed = await startShopifyAppTestbed()
  testDatabase = bed.testDatabase
})

afterAll(async () => {
  await bed?.close()
})

const openEmbedded = (path: string, query?: Record<string, string>) => bed.openEmbedded(path, query)
const shopAccountId = () => bed.shopAccountId()

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
    // A new agent trains automatically: the text is embedded without a click.
    await toastSaying('It is being embedded; the agent uses it in a moment.')
    await page
      .getByTestId('knowledge-row')
      .filter({ hasText: 'Descaling' })
      .getByText('Embedded', { exact: true })
      .waitFor()
    expect(await page.getByRole('button', { name: 'Embed Descaling' }).count()).toBe(0)
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
    await page
      .getByTestId('knowledge-row')
      .filter({ hasText: 'care-guide.txt' })
      .getByText('Embedded', { exact: true })
      .waitFor({ timeout: 15_000 })
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
})
