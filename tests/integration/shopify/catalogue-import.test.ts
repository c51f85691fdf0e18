import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../server/errors/app-error.ts'
import { enqueueStoreImport } from '../../../server/shopify/jobs/enqueue-store-import.ts'
import {
  SHOPIFY_FINISH_CATALOGUE_JOB,
  SHOPIFY_IMPORT_CATALOGUE_JOB,
} from '../../../server/shopify/jobs/shopify-job-kinds.ts'
import { enqueueShopifyWebhook } from '../../../server/shopify/webhooks/enqueue-shopify-webhook.ts'
import { signUp } from '../../support/accounts.ts'
import { createAgentFor } from '../../support/knowledge.ts'
import { settleJobs, startShopifyTestbed, type ShopifyTestbed } from '../../support/shopify-testbed.ts'

let testbed: ShopifyTestbed | undefined
afterEach(async () => {
  await testbed?.close()
  testbed = undefined
})

/** Starts an export, lets Shopify finish it, and delivers the finish webhook: the whole production path. */
async function importCatalogue(bed: ShopifyTestbed, webhookId = `wh-${Math.random()}`) {
  const { database, queue, shop, agentId, admin } = bed
  await enqueueStoreImport({ database, queue, shopDomain: shop.shopDomain, agentId, parts: ['catalogue'] })
  await settleJobs(database)
  const bulkImport = await database.prisma.shopifyBulkImport.findFirstOrThrow({
    where: { shopId: shop.id },
    orderBy: { createdAt: 'desc' },
  })
  expect(bulkImport.status).toBe('running')
  admin.finishBulkOperation(bulkImport.bulkOperationGid)
  const delivery = await enqueueShopifyWebhook({
    database,
    queue,
    topic: 'BULK_OPERATIONS_FINISH',
    shop: shop.shopDomain,
    webhookId,
    payload: admin.finishWebhookPayload(bulkImport.bulkOperationGid),
  })
  expect(delivery.isNew).toBe(true)
  await settleJobs(database)
  return database.prisma.shopifyBulkImport.findUniqueOrThrow({ where: { id: bulkImport.id } })
}

const textsOf = (bed: ShopifyTestbed) =>
  bed.database.prisma.text.findMany({
    where: { agentId: bed.agentId },
    orderBy: { title: 'asc' },
    include: { shopifyResource: true },
  })

describe('the catalogue import (bulk operation)', () => {
  it('writes each active product as an embedded text with its storefront link, mapped to its Shopify id', async () => {
    testbed = await startShopifyTestbed()
    const bulkImport = await importCatalogue(testbed)
    expect(bulkImport).toMatchObject({ status: 'completed', objectCount: 5, error: null })
    // The export was asked for active products, with variants as a nested connection.
    const started = testbed.admin.operations('StartCatalogueExport')[0]
    expect(String(started?.variables.query)).toMatch(/products\(query: "status:active"\)[\s\S]*variants \{ edges/)

    const texts = await textsOf(testbed)
    expect(texts.map((text) => text.title)).toEqual(['Summit Tent', 'Trail Mug']) // the draft stove stays out
    const [tent, mug] = texts
    expect(tent?.sourceUrl).toBe('https://alpine.example/products/summit-tent')
    // No onlineStoreUrl: the storefront's primary domain (read from the shop) plus the handle.
    expect(mug?.sourceUrl).toBe('https://alpine.example/products/trail-mug')
    expect(tent?.content).toBe(
      [
        'Summit Tent',
        'Price: from 349.00 to 369.00 EUR',
        'Variants: Green (SKU TENT-G): 349.00 EUR; Orange (SKU TENT-O): 369.00 EUR',
        'Product type: Tents',
        'Brand: Alpine Co',
        'Tags: camping, four-season',
        '',
        'A four-season tent for two.',
        '',
        'Weighs 2.1 kg',
        '',
        'Pitches in 5 minutes',
      ].join('\n'),
    )
    expect(mug?.content).toContain('Price: 12.50 EUR')
    expect(mug?.content).not.toContain('Default Title')
    expect(tent?.shopifyResource).toMatchObject({
      shopId: testbed.shop.id,
      resourceGid: 'gid://shopify/Product/1001',
      kind: 'product',
      storefrontUrl: tent?.sourceUrl,
    })
    expect(tent).toMatchObject({ status: 'ready', embedded: true, accountId: testbed.owner.userId })

    // The passages cite the product page.
    const chunks = await testbed.database.prisma.knowledgeChunk.findMany({ where: { textId: tent?.id } })
    expect(chunks.length).toBeGreaterThan(0)
    expect(new Set(chunks.map((chunk) => chunk.sourceUrl))).toEqual(
      new Set(['https://alpine.example/products/summit-tent']),
    )
    const shop = await testbed.database.prisma.shopifyShop.findUniqueOrThrow({ where: { id: testbed.shop.id } })
    expect(shop).toMatchObject({ storefrontUrl: 'https://alpine.example', shopName: 'Alpine Outfitters' })

    const jobs = await testbed.database.prisma.job.findMany({
      where: { kind: { in: [SHOPIFY_IMPORT_CATALOGUE_JOB, SHOPIFY_FINISH_CATALOGUE_JOB] } },
    })
    expect(jobs.map((job) => [job.kind, job.status, job.agentId])).toEqual(
      expect.arrayContaining([
        [SHOPIFY_IMPORT_CATALOGUE_JOB, 'succeeded', testbed.agentId],
        [SHOPIFY_FINISH_CATALOGUE_JOB, 'succeeded', testbed.agentId],
      ]),
    )
  })

  it('a second import skips unchanged products, rewrites changed ones and removes deleted ones', async () => {
    testbed = await startShopifyTestbed()
    await importCatalogue(testbed)
    const first = await textsOf(testbed)
    const embedJobs = () => testbed!.database.prisma.job.count({ where: { kind: 'embed-item' } })
    expect(await embedJobs()).toBe(2)

    await importCatalogue(testbed)
    const again = await textsOf(testbed)
    expect(again.map((text) => [text.id, text.updatedAt.getTime()])).toEqual(
      first.map((text) => [text.id, text.updatedAt.getTime()]),
    )
    expect(await embedJobs()).toBe(2)
    const finish = await testbed.database.prisma.job.findFirstOrThrow({
      where: { kind: SHOPIFY_FINISH_CATALOGUE_JOB },
      orderBy: { createdAt: 'desc' },
    })
    expect(finish.result).toMatchObject({
      status: 'completed',
      products: 2,
      counts: { created: 0, updated: 0, unchanged: 2 },
      removed: 0,
    })

    const tent = testbed.admin.state.store.products[0]!
    tent.descriptionHtml = '<p>Now with a porch.</p>'
    testbed.admin.state.store.products.splice(1, 1) // the mug is deleted
    await importCatalogue(testbed)
    const after = await textsOf(testbed)
    expect(after.map((text) => text.title)).toEqual(['Summit Tent'])
    expect(after[0]?.id).toBe(first[0]?.id)
    expect(after[0]?.content).toContain('Now with a porch.')
    expect(await embedJobs()).toBe(3)
    const chunks = await testbed.database.prisma.knowledgeChunk.findMany({ where: { textId: after[0]?.id } })
    expect(chunks.map((chunk) => chunk.content).join(' ')).toContain('Now with a porch.')
    expect(
      await testbed.database.prisma.shopifyResource.count({ where: { resourceGid: 'gid://shopify/Product/1002' } }),
    ).toBe(0)
    expect(await testbed.database.prisma.knowledgeChunk.count({ where: { textId: first[1]?.id } })).toBe(0)
  })

  it('without the finish webhook, the poll reads the export once Shopify has finished it', async () => {
    testbed = await startShopifyTestbed({ finishPollDelayMs: 0 })
    const { database, queue, shop, agentId, admin } = testbed
    await enqueueStoreImport({ database, queue, shopDomain: shop.shopDomain, agentId, parts: ['catalogue'] })
    // The finish job keeps finding the export running, and keeps trying.
    await expect
      .poll(
        async () =>
          (await database.prisma.job.findFirst({ where: { kind: SHOPIFY_FINISH_CATALOGUE_JOB } }))?.attempts ?? 0,
        { timeout: 15_000, interval: 20 },
      )
      .toBeGreaterThanOrEqual(2)
    expect(
      (await database.prisma.job.findFirstOrThrow({ where: { kind: SHOPIFY_FINISH_CATALOGUE_JOB } })).lastError,
    ).toMatch(/still exporting/)
    expect(await database.prisma.text.count({ where: { agentId } })).toBe(0)
    admin.finishBulkOperation()
    await expect
      .poll(
        async () =>
          (await database.prisma.job.findFirstOrThrow({ where: { kind: SHOPIFY_FINISH_CATALOGUE_JOB } })).status,
        { timeout: 15_000, interval: 20 },
      )
      .toBe('succeeded')
    await settleJobs(database)
    expect(await database.prisma.text.count({ where: { agentId } })).toBe(2)
  })

  it('a failed export fails the import with its reason and imports nothing', async () => {
    testbed = await startShopifyTestbed()
    const { database, queue, shop, agentId, admin } = testbed
    await enqueueStoreImport({ database, queue, shopDomain: shop.shopDomain, agentId, parts: ['catalogue'] })
    await settleJobs(database)
    const operation = admin.finishBulkOperation(undefined, { status: 'FAILED', errorCode: 'ACCESS_DENIED' })
    await enqueueShopifyWebhook({
      database,
      queue,
      topic: 'bulk_operations/finish',
      shop: shop.shopDomain,
      webhookId: 'wh-failed',
      payload: admin.finishWebhookPayload(operation.id),
    })
    await settleJobs(database)
    const bulkImport = await database.prisma.shopifyBulkImport.findFirstOrThrow({ where: { shopId: shop.id } })
    expect(bulkImport).toMatchObject({ status: 'failed', error: 'The catalogue export ended failed (ACCESS_DENIED).' })
    expect(await database.prisma.job.findFirstOrThrow({ where: { kind: SHOPIFY_FINISH_CATALOGUE_JOB } })).toMatchObject(
      { status: 'failed', attempts: 1 },
    )
    expect(await database.prisma.text.count({ where: { agentId } })).toBe(0)
  })

  it('Shopify refusing the export (one already running) leaves the start job to retry', async () => {
    testbed = await startShopifyTestbed()
    const { database, queue, shop, agentId, admin } = testbed
    admin.state.bulkUserErrors = [
      {
        field: null,
        message: 'A bulk query operation for this app and shop is already in progress.',
        code: 'OPERATION_IN_PROGRESS',
      },
    ]
    await enqueueStoreImport({ database, queue, shopDomain: shop.shopDomain, agentId, parts: ['catalogue'] })
    await expect
      .poll(
        async () =>
          (await database.prisma.job.findFirstOrThrow({ where: { kind: SHOPIFY_IMPORT_CATALOGUE_JOB } })).attempts,
        { timeout: 15_000, interval: 20 },
      )
      .toBeGreaterThanOrEqual(2)
    admin.state.bulkUserErrors = []
    await expect
      .poll(
        async () =>
          (await database.prisma.job.findFirstOrThrow({ where: { kind: SHOPIFY_IMPORT_CATALOGUE_JOB } })).status,
        { timeout: 15_000, interval: 20 },
      )
      .toBe('succeeded')
    expect(await database.prisma.shopifyBulkImport.count({ where: { shopId: shop.id } })).toBe(1)
  })

  it('refuses an agent of another account, and a second import of the same agent while one runs', async () => {
    testbed = await startShopifyTestbed()
    const { database, queue, shop, agentId, testApp } = testbed
    const stranger = await signUp(testApp)
    const strangersAgent = await createAgentFor(testApp, stranger, 'Not yours')
    await expect(
      enqueueStoreImport({ database, queue, shopDomain: shop.shopDomain, agentId: strangersAgent }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await testbed.worker.stop(2_000) // nothing runs: the first import stays queued
    await enqueueStoreImport({ database, queue, shopDomain: shop.shopDomain, agentId })
    await expect(enqueueStoreImport({ database, queue, shopDomain: shop.shopDomain, agentId })).rejects.toBeInstanceOf(
      AppError,
    )
    expect(await database.prisma.job.count({ where: { agentId: strangersAgent } })).toBe(0)
  })
})
