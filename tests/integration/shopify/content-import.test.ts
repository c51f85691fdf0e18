import { afterEach, describe, expect, it } from 'vitest'
import { enqueueStoreImport } from '../../../server/shopify/jobs/enqueue-store-import.ts'
import { SHOPIFY_IMPORT_CONTENT_JOB } from '../../../server/shopify/jobs/shopify-job-kinds.ts'
import { settleJobs, startShopifyTestbed, type ShopifyTestbed } from '../../support/shopify-testbed.ts'

let testbed: ShopifyTestbed | undefined
afterEach(async () => {
  await testbed?.close()
  testbed = undefined
})

async function importContent(bed: ShopifyTestbed) {
  await enqueueStoreImport({
    database: bed.database,
    queue: bed.queue,
    shopDomain: bed.shop.shopDomain,
    agentId: bed.agentId,
    parts: ['content'],
  })
  const jobs = await settleJobs(bed.database, { kind: SHOPIFY_IMPORT_CONTENT_JOB })
  return jobs.at(-1)!
}

const storeTexts = (bed: ShopifyTestbed) =>
  bed.database.prisma.text
    .findMany({ where: { agentId: bed.agentId }, include: { shopifyResource: true }, orderBy: { title: 'asc' } })
    .then((texts) =>
      texts.map((text) => ({
        title: text.title,
        kind: text.shopifyResource?.kind,
        url: text.sourceUrl,
        content: text.content,
      })),
    )

describe('the store content import (collections, pages, blog articles, policies)', () => {
  it('reads every page of each connection and writes published content with its storefront links', async () => {
    testbed = await startShopifyTestbed()
    const job = await importContent(testbed)
    expect(job).toMatchObject({ status: 'succeeded', progress: 100 })
    expect(await storeTexts(testbed)).toEqual([
      {
        title: 'About us',
        kind: 'page',
        url: 'https://alpine.example/pages/about-us',
        content: 'About us\n\nFamily run since 1987 in Chamonix.',
      },
      {
        title: 'Camping',
        kind: 'collection',
        url: 'https://alpine.example/collections/camping',
        content: expect.stringContaining('Everything for a night outside.'),
      },
      {
        title: 'Choosing a tent',
        kind: 'article',
        url: 'https://alpine.example/blogs/news/choosing-a-tent',
        content: 'Choosing a tent\n\nFrom the blog News, by Lea\n\nTags: guides\n\nCount the sleepers, then add one.',
      },
      {
        title: 'Kitchen',
        kind: 'collection',
        url: 'https://alpine.example/collections/kitchen',
        content: expect.any(String),
      },
      {
        title: 'Refund policy',
        kind: 'policy',
        url: 'https://alpine.example/policies/refund-policy',
        content: 'Refund policy\n\nReturns are accepted within 45 days of delivery.',
      },
      {
        title: 'Sale',
        kind: 'collection',
        url: 'https://alpine.example/collections/sale',
        content: expect.any(String),
      },
    ])
    // Three collections, two a page: the second request carried the first page's end cursor.
    const collectionCalls = testbed.admin.operations('StoreCollections')
    expect(collectionCalls).toHaveLength(2)
    expect(collectionCalls[0]?.variables).toMatchObject({ first: 50, cursor: null })
    expect(collectionCalls[1]?.variables.cursor).toEqual(expect.any(String))
    expect(job.result).toMatchObject({
      collection: { created: 3 },
      page: { created: 1 },
      article: { created: 1 },
      policy: { created: 1 },
    })
    expect(await testbed.database.prisma.text.count({ where: { agentId: testbed.agentId, embedded: true } })).toBe(6)
  })

  it('keeps importing through throttling, pausing as the bucket says', async () => {
    testbed = await startShopifyTestbed()
    testbed.admin.throttleNext(2, { requestedQueryCost: 250, currentlyAvailable: 50, restoreRate: 100 })
    const job = await importContent(testbed)
    expect(job.status).toBe('succeeded')
    expect(testbed.admin.requests.filter((request) => request.throttled)).toHaveLength(2)
    // (250 - 50) / 100 = 2 seconds each time.
    expect(testbed.throttleWaits).toEqual([2_000, 2_000])
    expect(await testbed.database.prisma.text.count({ where: { agentId: testbed.agentId } })).toBe(6)
  })

  it('a second import removes what the store unpublished or deleted and leaves the rest alone', async () => {
    testbed = await startShopifyTestbed()
    await importContent(testbed)
    const store = testbed.admin.state.store
    store.pages[0]!.isPublished = false
    store.collections.pop()
    const job = await importContent(testbed)
    expect(job.result).toMatchObject({
      collection: { unchanged: 2, removed: 1 },
      page: { removed: 1 },
      article: { unchanged: 1 },
      policy: { unchanged: 1 },
    })
    expect((await storeTexts(testbed)).map((text) => text.title)).toEqual([
      'Camping',
      'Choosing a tent',
      'Kitchen',
      'Refund policy',
    ])
  })
})
