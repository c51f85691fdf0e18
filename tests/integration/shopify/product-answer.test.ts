import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enqueueStoreImport } from '../../../server/shopify/jobs/enqueue-store-import.ts'
import { enqueueShopifyWebhook } from '../../../server/shopify/webhooks/enqueue-shopify-webhook.ts'
import { createFileStorage } from '../../../server/storage/create-file-storage.ts'
import { bearer } from '../../support/accounts.ts'
import { startChatTestbed, type ChatTestbed } from '../../support/chat-testbed.ts'
import { startFakeShopifyAdmin, type FakeShopifyAdmin } from '../../support/fake-shopify-admin.ts'
import { createShop, settleJobs, startShopifyWorker } from '../../support/shopify-testbed.ts'

let testbed: ChatTestbed
let admin: FakeShopifyAdmin
let shopifyWorker: ReturnType<typeof startShopifyWorker>

beforeAll(async () => {
  // The app's own worker embeds (polling often); a second worker runs the Shopify jobs.
  testbed = await startChatTestbed({ JOB_POLL_MS: '25' })
  admin = await startFakeShopifyAdmin()
  const { testApp, owner, agentId } = testbed
  const { database } = testApp
  shopifyWorker = startShopifyWorker({ database, admin, storage: createFileStorage(testApp.config) })
  const shop = await createShop(database, { accountId: owner.userId, agentId })
  await enqueueStoreImport({
    database,
    queue: shopifyWorker.queue,
    shopDomain: shop.shopDomain,
    agentId,
    parts: ['catalogue'],
  })
  await settleJobs(database)
  const operation = admin.finishBulkOperation()
  await enqueueShopifyWebhook({
    database,
    queue: shopifyWorker.queue,
    topic: 'bulk_operations/finish',
    shop: shop.shopDomain,
    webhookId: 'finish-1',
    payload: admin.finishWebhookPayload(operation.id),
  })
  await settleJobs(database)
})
afterAll(async () => {
  await shopifyWorker.worker.stop(2_000)
  await testbed.close()
  await admin.close()
})

describe('answers about a product', () => {
  it('cite the product with its storefront URL, in the prompt and in the stored sources', async () => {
    const { testApp, owner, agentId, llm } = testbed
    llm.state.reply = () => 'The Summit Tent costs from 349.00 EUR [1].'
    const created = await testApp.request
      .post('/api/conversations/create/')
      .set(bearer(owner.access))
      .send({ name: 'Tents', agent_id: agentId })
    const response = await testApp.request
      .post(`/api/conversations/chat/${agentId}/${created.body.conversation_id}/`)
      .set(bearer(owner.access))
      .send({ message_text: 'How much is the Summit Tent?' })
    expect(response.status).toBe(200)
    const prompt = llm.requests.at(-1)?.messages.at(-1)?.content ?? ''
    expect(prompt).toMatch(/<source id="1" title="Summit Tent" url="https:\/\/alpine\.example\/products\/summit-tent">/)
    const ai = response.body.ai_message
    expect(ai.sources).toEqual([
      expect.objectContaining({
        number: 1,
        title: 'Summit Tent',
        url: 'https://alpine.example/products/summit-tent',
        source_type: 'text',
      }),
    ])
    expect(ai.message_link).toBe('https://alpine.example/products/summit-tent')
  })
})
