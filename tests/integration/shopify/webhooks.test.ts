import { afterEach, describe, expect, it } from 'vitest'
import { ZodError } from 'zod'
import { enqueueJob } from '../../../server/jobs/enqueue-job.ts'
import { enqueueStoreImport } from '../../../server/shopify/jobs/enqueue-store-import.ts'
import { SHOPIFY_WEBHOOK_JOB } from '../../../server/shopify/jobs/shopify-job-kinds.ts'
import { enqueueShopifyWebhook } from '../../../server/shopify/webhooks/enqueue-shopify-webhook.ts'
import { createShop, settleJobs, startShopifyTestbed, type ShopifyTestbed } from '../../support/shopify-testbed.ts'

let testbed: ShopifyTestbed | undefined
afterEach(async () => {
  await testbed?.close()
  testbed = undefined
})

let deliveries = 0
/** Delivers a webhook as the route would after checking its HMAC, and waits until the jobs are done. */
async function deliver(bed: ShopifyTestbed, topic: string, payload: unknown, webhookId = `delivery-${++deliveries}`) {
  const delivery = await enqueueShopifyWebhook({
    database: bed.database,
    queue: bed.queue,
    topic,
    shop: bed.shop.shopDomain,
    webhookId,
    payload,
  })
  await settleJobs(bed.database)
  return { ...delivery, job: await bed.database.prisma.job.findUniqueOrThrow({ where: { id: delivery.jobId } }) }
}

/** Products and content already imported into the agent, as after installing and importing. */
async function withImportedStore() {
  const bed = await startShopifyTestbed()
  await enqueueStoreImport({
    database: bed.database,
    queue: bed.queue,
    shopDomain: bed.shop.shopDomain,
    agentId: bed.agentId,
  })
  await settleJobs(bed.database)
  const operation = bed.admin.finishBulkOperation()
  await deliver(bed, 'bulk_operations/finish', bed.admin.finishWebhookPayload(operation.id))
  expect(await bed.database.prisma.text.count({ where: { agentId: bed.agentId } })).toBe(8)
  return bed
}

// What Shopify sends for products/update (REST shape): the job reads the product fresh instead.
const productPayload = (id: number, title: string) => ({
  id,
  admin_graphql_api_id: `gid://shopify/Product/${id}`,
  title,
  body_html: '<p>stale</p>',
  handle: 'x',
  status: 'active',
  variants: [],
})
const textOfProduct = (bed: ShopifyTestbed, id: number) =>
  bed.database.prisma.text.findFirst({
    where: { agentId: bed.agentId, shopifyResource: { resourceGid: `gid://shopify/Product/${id}` } },
  })
const embedJobsOf = (bed: ShopifyTestbed, textId: string) =>
  bed.database.prisma.job.count({ where: { kind: 'embed-item', subjectId: textId } })

describe('product and collection webhooks keep the store knowledge in sync', () => {
  it('products/update rewrites and re-embeds a changed product, and skips an unchanged one', async () => {
    testbed = await withImportedStore()
    const before = await textOfProduct(testbed, 1001)
    testbed.admin.state.store.products[0]!.variants[0]!.price = '299.00'
    const { job } = await deliver(testbed, 'PRODUCTS_UPDATE', productPayload(1001, 'Summit Tent'))
    expect(job).toMatchObject({ status: 'succeeded', result: { agents: 1, outcomes: ['updated'] } })
    const after = await textOfProduct(testbed, 1001)
    expect(after?.id).toBe(before?.id)
    expect(after?.content).toContain('Price: from 299.00 to 369.00 EUR')
    expect(after).toMatchObject({ embedded: true, status: 'ready' })
    expect(await embedJobsOf(testbed, after!.id)).toBe(2)
    const chunks = await testbed.database.prisma.knowledgeChunk.findMany({ where: { textId: after!.id } })
    expect(chunks.map((chunk) => chunk.content).join(' ')).toContain('299.00')

    const again = await deliver(testbed, 'products/update', productPayload(1001, 'Summit Tent'))
    expect(again.job.result).toMatchObject({ outcomes: ['unchanged'] })
    expect(await embedJobsOf(testbed, after!.id)).toBe(2)
  })

  it('products/delete removes the text, its passages and its mapping; other products stay', async () => {
    testbed = await withImportedStore()
    const mug = await textOfProduct(testbed, 1002)
    await deliver(testbed, 'products/delete', { id: 1002 })
    expect(await testbed.database.prisma.text.count({ where: { id: mug!.id } })).toBe(0)
    expect(await testbed.database.prisma.knowledgeChunk.count({ where: { textId: mug!.id } })).toBe(0)
    expect(
      await testbed.database.prisma.shopifyResource.count({ where: { resourceGid: 'gid://shopify/Product/1002' } }),
    ).toBe(0)
    expect(await textOfProduct(testbed, 1001)).not.toBeNull()
  })

  it('products/create adds the new product; a product turned draft leaves', async () => {
    testbed = await withImportedStore()
    const store = testbed.admin.state.store
    store.products.push({
      ...store.products[1]!,
      id: 1004,
      title: 'Camp Chair',
      handle: 'camp-chair',
      onlineStoreUrl: null,
      variants: [{ id: 5010, title: 'Default Title', price: '45.00', sku: 'CHAIR' }],
    })
    await deliver(testbed, 'products/create', productPayload(1004, 'Camp Chair'))
    const chair = await textOfProduct(testbed, 1004)
    expect(chair).toMatchObject({
      title: 'Camp Chair',
      sourceUrl: 'https://alpine.example/products/camp-chair',
      embedded: true,
    })

    store.products[0]!.status = 'DRAFT'
    await deliver(testbed, 'products/update', productPayload(1001, 'Summit Tent'))
    expect(await textOfProduct(testbed, 1001)).toBeNull()
  })

  it('collections/update and collections/delete follow the collection', async () => {
    testbed = await withImportedStore()
    const store = testbed.admin.state.store
    store.collections[0]!.descriptionHtml = '<p>Tents, stoves and sleeping bags.</p>'
    await deliver(testbed, 'collections/update', {
      id: 2001,
      admin_graphql_api_id: 'gid://shopify/Collection/2001',
      title: 'Camping',
    })
    const camping = await testbed.database.prisma.text.findFirstOrThrow({
      where: { agentId: testbed.agentId, title: 'Camping' },
    })
    expect(camping.content).toContain('Tents, stoves and sleeping bags.')
    await deliver(testbed, 'collections/delete', { id: 2001 })
    expect(await testbed.database.prisma.text.count({ where: { id: camping.id } })).toBe(0)
  })

  it('a shop whose knowledge no agent holds is not asked anything', async () => {
    testbed = await startShopifyTestbed()
    const { job } = await deliver(testbed, 'products/update', productPayload(1001, 'Summit Tent'))
    expect(job.result).toEqual({ agents: 0, removed: 0, outcomes: [] })
    expect(testbed.admin.operations('ProductForSync')).toHaveLength(0)
  })
})

describe('webhook deliveries', () => {
  it('the same webhook id is processed once, however often it is delivered', async () => {
    testbed = await withImportedStore()
    testbed.admin.state.store.products[0]!.title = 'Summit Tent II'
    await testbed.worker.stop(2_000) // both deliveries arrive before any processing
    const first = await enqueueShopifyWebhook({
      database: testbed.database,
      topic: 'products/update',
      shop: testbed.shop.shopDomain,
      webhookId: 'same-delivery',
      payload: productPayload(1001, 'Summit Tent II'),
    })
    const second = await enqueueShopifyWebhook({
      database: testbed.database,
      topic: 'PRODUCTS_UPDATE',
      shop: testbed.shop.shopDomain,
      webhookId: 'same-delivery',
      payload: productPayload(1001, 'Summit Tent II'),
    })
    expect(first.isNew).toBe(true)
    expect(second).toEqual({ isNew: false, jobId: first.jobId })
    expect(
      await testbed.database.prisma.job.count({ where: { kind: SHOPIFY_WEBHOOK_JOB, dedupeKey: 'same-delivery' } }),
    ).toBe(1)
  })

  it('the duplicate of a delivery already processed does nothing again', async () => {
    testbed = await withImportedStore()
    testbed.admin.state.store.products[0]!.title = 'Summit Tent II'
    const first = await deliver(
      testbed,
      'products/update',
      productPayload(1001, 'Summit Tent II'),
      'processed-delivery',
    )
    const second = await deliver(
      testbed,
      'products/update',
      productPayload(1001, 'Summit Tent II'),
      'processed-delivery',
    )
    expect(second).toMatchObject({ isNew: false, jobId: first.jobId })
    expect(testbed.admin.operations('ProductForSync')).toHaveLength(1)
  })

  it('refuses topics it does not handle and payloads that are not Shopify’s', async () => {
    testbed = await startShopifyTestbed()
    const enqueue = (topic: string, payload: unknown, shop = testbed!.shop.shopDomain) =>
      enqueueShopifyWebhook({ database: testbed!.database, topic, shop, webhookId: `bad-${Math.random()}`, payload })
    await expect(enqueue('orders/paid', { id: 1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(enqueue('orders/create', { id: 1 })).rejects.toBeInstanceOf(ZodError) // no name, date or total
    await expect(enqueue('products/update', { title: 'no id' })).rejects.toBeInstanceOf(ZodError)
    await expect(
      enqueue('products/update', { id: 1, admin_graphql_api_id: 'gid://shopify/Order/1' }),
    ).rejects.toBeInstanceOf(ZodError)
    await expect(enqueue('products/update', { id: 1 }, 'shop.example.com')).rejects.toBeInstanceOf(ZodError)
    expect(await testbed.database.prisma.job.count({ where: { kind: SHOPIFY_WEBHOOK_JOB } })).toBe(0)
  })

  it('a stored job whose payload is not in its topic’s shape fails at once, saying why, and touches nothing', async () => {
    testbed = await startShopifyTestbed()
    const { database, shop } = testbed
    // Written by hand, or before the shape changed: products/update keeps a gid, not scopes.
    const job = await enqueueJob(database.prisma, {
      kind: SHOPIFY_WEBHOOK_JOB,
      payload: { topic: 'products/update', shop: shop.shopDomain, webhookId: 'by-hand', payload: { current: [] } },
      maxAttempts: 8,
    })
    await settleJobs(database)
    const failed = await database.prisma.job.findUniqueOrThrow({ where: { id: job.id } })
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed.lastError).toContain('carries a payload it cannot use')
    expect(failed.lastError).toContain('gid')
    expect(await database.prisma.shopifyShop.findUniqueOrThrow({ where: { id: shop.id } })).toMatchObject({
      scopes: shop.scopes,
    })
  })
})

describe('app lifecycle webhooks', () => {
  const sessionOf = (shop: string, id = `offline_${shop}`, isOnline = false) => ({
    id,
    shop,
    state: '',
    isOnline,
    accessToken: 'shpat_x',
    scope: 'read_products',
  })

  it('app/uninstalled marks the shop and deletes its sessions, and only its sessions', async () => {
    testbed = await startShopifyTestbed()
    const { database, shop, owner } = testbed
    const other = await createShop(database, { accountId: owner.userId })
    await database.prisma.shopifySession.createMany({
      data: [
        sessionOf(shop.shopDomain),
        sessionOf(shop.shopDomain, `${shop.shopDomain}_42`, true),
        sessionOf(other.shopDomain),
      ],
    })
    const { job } = await deliver(testbed, 'app/uninstalled', {
      id: 1,
      name: 'Alpine',
      myshopify_domain: shop.shopDomain,
    })
    expect(job.result).toEqual({ shopMarked: true, sessionsDeleted: 2, subscriptionsEnded: 0 })
    expect(
      (await database.prisma.shopifyShop.findUniqueOrThrow({ where: { id: shop.id } })).uninstalledAt,
    ).toBeInstanceOf(Date)
    expect((await database.prisma.shopifyShop.findUniqueOrThrow({ where: { id: other.id } })).uninstalledAt).toBeNull()
    expect(await database.prisma.shopifySession.findMany({ select: { shop: true } })).toEqual([
      { shop: other.shopDomain },
    ])
  })

  it('app/scopes_update records the granted scopes on the shop and its offline session', async () => {
    testbed = await startShopifyTestbed()
    const { database, shop } = testbed
    await database.prisma.shopifySession.createMany({
      data: [sessionOf(shop.shopDomain), sessionOf(shop.shopDomain, `${shop.shopDomain}_42`, true)],
    })
    await deliver(testbed, 'app/scopes_update', {
      id: 7,
      previous: ['read_products'],
      current: ['read_products', 'read_content', 'read_legal_policies'],
      updated_at: '2026-05-01T10:00:00Z',
    })
    expect((await database.prisma.shopifyShop.findUniqueOrThrow({ where: { id: shop.id } })).scopes).toBe(
      'read_products,read_content,read_legal_policies',
    )
    const sessions = await database.prisma.shopifySession.findMany({
      orderBy: { id: 'asc' },
      select: { isOnline: true, scope: true },
    })
    expect(sessions).toEqual(
      expect.arrayContaining([
        { isOnline: false, scope: 'read_products,read_content,read_legal_policies' },
        { isOnline: true, scope: 'read_products' },
      ]),
    )
  })
})
