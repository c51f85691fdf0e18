import { expect, it } from 'vitest'
import { listOwnedAgentNames } from '../../../server/agents/list-owned-agent-names.ts'
import { LATEST_IMPORTS_SHOWN, readStoreImports } from '../../../server/shopify/admin/read-store-imports.ts'
import {
  SHOPIFY_IMPORT_CATALOGUE_JOB,
  SHOPIFY_IMPORT_CONTENT_JOB,
} from '../../../server/shopify/jobs/shopify-job-kinds.ts'
import { databaseForThisFile } from '../../support/create-test-database.ts'
import { createShop } from '../../support/shopify-testbed.ts'

const file = databaseForThisFile()

const newAccount = async (email: string) =>
  (await file.database.prisma.user.create({ data: { email, fullName: 'Shop' } })).id
const newAgent = async (accountId: string, name: string) =>
  (await file.database.prisma.agent.create({ data: { accountId, name } })).id
const importJobs = (
  accountId: string,
  agentId: string,
  count: number,
  kind = SHOPIFY_IMPORT_CONTENT_JOB,
  from = Date.now(),
) =>
  file.database.prisma.job.createMany({
    data: Array.from({ length: count }, (_, index) => ({
      kind,
      accountId,
      agentId,
      status: 'succeeded' as const,
      progress: 100,
      createdAt: new Date(from + index * 1000),
    })),
  })
const resource = (shopId: string, agentId: string, kind: string, gid: string) =>
  file.database.prisma.shopifyResource.create({ data: { shopId, agentId, kind, resourceGid: gid, contentHash: gid } })

it("shows one agent's latest imports, however many other agents' came after them", async () => {
  const accountId = await newAccount('imports@shop.example')
  const shop = await createShop(file.database, { accountId })
  const [kettles, mugs] = [await newAgent(accountId, 'Kettles'), await newAgent(accountId, 'Mugs')]
  const hour = 3_600_000
  await importJobs(accountId, kettles, 8, SHOPIFY_IMPORT_CATALOGUE_JOB, Date.now() - 2 * hour)
  // Many newer imports into the other agent do not push the first agent's out of sight.
  await importJobs(accountId, mugs, 100, SHOPIFY_IMPORT_CONTENT_JOB, Date.now() - hour)

  const seen = await readStoreImports(file.database, { accountId, shopId: shop.id, agentId: kettles })
  expect(seen.jobs).toHaveLength(LATEST_IMPORTS_SHOWN)
  expect(new Set(seen.jobs.map((job) => job.kind))).toEqual(new Set([SHOPIFY_IMPORT_CATALOGUE_JOB]))
  const times = seen.jobs.map((job) => job.createdAt)
  expect(times).toEqual([...times].sort().reverse())
})

it("counts only that agent's store resources, and reads nothing of another account", async () => {
  const accountId = await newAccount('counts@shop.example')
  const shop = await createShop(file.database, { accountId })
  const [kettles, mugs] = [await newAgent(accountId, 'Kettles'), await newAgent(accountId, 'Mugs')]
  await resource(shop.id, kettles, 'product', 'gid://shopify/Product/1')
  await resource(shop.id, kettles, 'product', 'gid://shopify/Product/2')
  await resource(shop.id, kettles, 'policy', 'gid://shopify/ShopPolicy/1')
  await resource(shop.id, mugs, 'product', 'gid://shopify/Product/3')

  const strangerId = await newAccount('stranger@shop.example')
  const strangerShop = await createShop(file.database, { accountId: strangerId })
  const theirs = await newAgent(strangerId, 'Theirs')
  await importJobs(strangerId, theirs, 3)
  await resource(strangerShop.id, theirs, 'product', 'gid://shopify/Product/9')

  expect((await readStoreImports(file.database, { accountId, shopId: shop.id, agentId: kettles })).counts).toEqual([
    { kind: 'policy', count: 1 },
    { kind: 'product', count: 2 },
  ])
  // Another account's agent, asked for under this account and shop, shows nothing.
  expect(await readStoreImports(file.database, { accountId, shopId: shop.id, agentId: theirs })).toEqual({
    counts: [],
    jobs: [],
  })
})

it('lists the agents the account owns, oldest first, and no one else’s', async () => {
  const accountId = await newAccount('names@shop.example')
  const first = await newAgent(accountId, 'First')
  const second = await newAgent(accountId, 'Second')
  await newAgent(await newAccount('other@shop.example'), 'Not mine')
  expect(
    await listOwnedAgentNames(file.database, {
      userId: accountId,
      email: 'names@shop.example',
      fullName: 'Shop',
      sessionId: 'test',
    }),
  ).toEqual([
    { id: first, name: 'First' },
    { id: second, name: 'Second' },
  ])
})
