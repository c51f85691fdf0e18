import { randomUUID } from 'node:crypto'
import { text } from 'node:stream/consumers'
import { afterEach, describe, expect, it } from 'vitest'
import type { Database } from '../../../server/db/database.ts'
import { enqueueStoreImport } from '../../../server/shopify/jobs/enqueue-store-import.ts'
import { SHOPIFY_WEBHOOK_JOB } from '../../../server/shopify/jobs/shopify-job-kinds.ts'
import { enqueueShopifyWebhook } from '../../../server/shopify/webhooks/enqueue-shopify-webhook.ts'
import type { FileStorage } from '../../../server/storage/file-storage.ts'
import { signUp } from '../../support/accounts.ts'
import { createAgentFor } from '../../support/knowledge.ts'
import { createShop, settleJobs, startShopifyTestbed, type ShopifyTestbed } from '../../support/shopify-testbed.ts'

let testbed: ShopifyTestbed | undefined
afterEach(async () => {
  await testbed?.close()
  testbed = undefined
})

async function widgetFor(database: Database, accountId: string, agentId: string) {
  return database.prisma.widgetIntegration.create({
    data: {
      clientKey: `ck_${randomUUID()}`,
      accountId,
      agentId,
      websiteName: 'Store',
      websiteDomain: 'alpine.example',
      startMessage: 'Hello!',
    },
  })
}

/** A conversation with two messages; `attachmentKey` is a file stored for the visitor's message. */
async function conversation(
  database: Database,
  storage: FileStorage,
  data: {
    accountId: string
    agentId: string
    channel?: 'widget' | 'shopify' | 'dashboard'
    shopifyCustomerId?: string
    visitorEmail?: string
    visitorId?: string
    widgetIntegrationId?: string
    attach?: boolean
  },
) {
  const { attach, ...fields } = data
  const created = await database.prisma.conversation.create({ data: { name: 'Visitor', channel: 'widget', ...fields } })
  const key = `widgets/test/attachments/${created.id}/1_${randomUUID()}.txt`
  if (attach) await storage.put(key, Buffer.from('receipt'), 'text/plain')
  await database.prisma.message.createMany({
    data: [
      {
        accountId: data.accountId,
        conversationId: created.id,
        senderType: 'user',
        text: `Where is my order? (${data.shopifyCustomerId ?? data.visitorEmail ?? data.visitorId})`,
        attachments: attach ? [{ key, name: 'receipt.txt', content_type: 'text/plain', size: 7 }] : [],
      },
      { accountId: data.accountId, conversationId: created.id, senderType: 'ai', text: 'It ships tomorrow.' },
    ],
  })
  return { id: created.id, attachmentKey: attach ? key : null }
}

/** Shop A (the testbed's, its store imported into two agents) and shop B of another account, with visitors' conversations. */
async function seedShops() {
  const bed = await startShopifyTestbed()
  testbed = bed
  const { database, storage, owner, shop, agentId, testApp } = bed
  const accountId = owner.userId
  // A second agent holds the store's content; a third has nothing to do with the shop.
  const contentAgentId = await createAgentFor(testApp, owner, 'Store content')
  const unrelatedAgentId = await createAgentFor(testApp, owner, 'Blog helper')
  await enqueueStoreImport({ database, queue: bed.queue, shopDomain: shop.shopDomain, agentId, parts: ['content'] })
  await enqueueStoreImport({
    database,
    queue: bed.queue,
    shopDomain: shop.shopDomain,
    agentId: contentAgentId,
    parts: ['content'],
  })
  await settleJobs(database)
  const widget = await widgetFor(database, accountId, agentId)
  await database.prisma.shopifyShop.update({ where: { id: shop.id }, data: { widgetIntegrationId: widget.id } })
  const documentKey = `agents/${agentId}/documents/1_${randomUUID()}_size-guide.txt`
  await storage.put(documentKey, Buffer.from('sizes'), 'text/plain')
  await database.prisma.document.create({
    data: {
      accountId,
      agentId,
      name: 'Size guide',
      format: 'txt',
      mimeType: 'text/plain',
      storageKey: documentKey,
      sizeBytes: 5,
    },
  })
  await database.prisma.widgetSession.create({
    data: {
      accountId,
      widgetIntegrationId: widget.id,
      visitorId: 'v_ana',
      origin: 'https://alpine.example',
      refreshTokenHash: randomUUID(),
      shopifyCustomerId: '42',
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  })
  await database.prisma.shopifySession.create({
    data: { id: `offline_${shop.shopDomain}`, shop: shop.shopDomain, state: '', accessToken: 'shpat_a' },
  })

  const ana = {
    byCustomerId: await conversation(database, storage, {
      accountId,
      agentId,
      channel: 'shopify',
      shopifyCustomerId: '42',
      attach: true,
    }),
    byEmail: await conversation(database, storage, {
      accountId,
      agentId,
      visitorEmail: 'ana@example.com',
      widgetIntegrationId: widget.id,
      visitorId: 'v_other',
    }),
    bySession: await conversation(database, storage, {
      accountId,
      agentId,
      widgetIntegrationId: widget.id,
      visitorId: 'v_ana',
    }),
  }
  const ben = await conversation(database, storage, {
    accountId,
    agentId,
    channel: 'shopify',
    shopifyCustomerId: '43',
    attach: true,
  })
  // The same account, an agent and widget the shop has nothing to do with.
  const unrelatedWidget = await widgetFor(database, accountId, unrelatedAgentId)
  const unrelated = await conversation(database, storage, {
    accountId,
    agentId: unrelatedAgentId,
    visitorEmail: 'ana@example.com',
    widgetIntegrationId: unrelatedWidget.id,
    visitorId: 'v_blog',
  })

  const ownerB = await signUp(testApp)
  const agentB = await createAgentFor(testApp, ownerB, 'Shop B helper')
  const shopB = await createShop(database, { accountId: ownerB.userId, agentId: agentB })
  await database.prisma.shopifySession.create({
    data: { id: `offline_${shopB.shopDomain}`, shop: shopB.shopDomain, state: '', accessToken: 'shpat_b' },
  })
  const shopBCustomer = await conversation(database, storage, {
    accountId: ownerB.userId,
    agentId: agentB,
    channel: 'shopify',
    shopifyCustomerId: '42',
    attach: true,
  })

  return {
    bed,
    accountId,
    contentAgentId,
    unrelatedAgentId,
    widget,
    documentKey,
    ana,
    ben,
    unrelated,
    shopB,
    agentB,
    shopBCustomer,
  }
}

async function deliver(bed: ShopifyTestbed, topic: string, shop: string, payload: unknown) {
  const { jobId } = await enqueueShopifyWebhook({
    database: bed.database,
    queue: bed.queue,
    topic,
    shop,
    webhookId: `compliance-${randomUUID()}`,
    payload,
  })
  await settleJobs(bed.database)
  return bed.database.prisma.job.findUniqueOrThrow({ where: { id: jobId } })
}

const customerAna = (shop: string) => ({
  shop_id: 954889,
  shop_domain: shop,
  orders_requested: [299938],
  customer: { id: 42, email: 'Ana@Example.com', phone: '555-625-1199' },
  data_request: { id: 9999 },
})
/** Whether the file is stored (read to its end, so no stream outlives the test's directory). */
async function isStored(storage: FileStorage, key: string) {
  const file = await storage.get(key)
  if (file) await text(file.body)
  return file !== null
}
const exists = (database: Database, id: string) =>
  database.prisma.conversation.count({ where: { id } }).then((count) => count === 1)

describe('customers/data_request', () => {
  it("gathers the customer's conversations with the shop: by customer id, by e-mail, and through their widget session", async () => {
    const seed = await seedShops()
    const job = await deliver(
      seed.bed,
      'customers/data_request',
      seed.bed.shop.shopDomain,
      customerAna(seed.bed.shop.shopDomain),
    )
    expect(job.status).toBe('succeeded')
    const result = job.result as {
      data_request_id: string
      customer_id: string
      conversations: { conversation_id: string; messages: { sender: string; text: string; attachments: unknown[] }[] }[]
      widget_sessions: unknown[]
    }
    expect(result).toMatchObject({ data_request_id: '9999', customer_id: '42', known_shop: true })
    expect(result.conversations.map((item) => item.conversation_id).sort()).toEqual(
      [seed.ana.byCustomerId.id, seed.ana.byEmail.id, seed.ana.bySession.id].sort(),
    )
    const first = result.conversations.find((item) => item.conversation_id === seed.ana.byCustomerId.id)
    expect(first?.messages).toEqual([
      {
        sender: 'user',
        text: 'Where is my order? (42)',
        sent_at: expect.any(String),
        attachments: [{ name: 'receipt.txt', content_type: 'text/plain', size: 7 }],
      },
      { sender: 'ai', text: 'It ships tomorrow.', sent_at: expect.any(String), attachments: [] },
    ])
    expect(result.widget_sessions).toEqual([
      { started_at: expect.any(String), last_used_at: expect.any(String), origin: 'https://alpine.example' },
    ])
    // The job keeps the customer's id, not their phone number.
    expect(JSON.stringify(job.payload)).not.toContain('555-625-1199')
  })
})

describe('customers/redact', () => {
  it("purges that customer's conversations, messages, attachments and sessions with this shop, and nothing else", async () => {
    const seed = await seedShops()
    const { database, storage } = seed.bed
    const shopDomain = seed.bed.shop.shopDomain
    const dataRequest = await deliver(seed.bed, 'customers/data_request', shopDomain, customerAna(shopDomain))
    // The leads Ana and Ben left in their chats.
    const leadOf = async (conversationId: string, email: string) => {
      const { agentId, accountId } = await database.prisma.conversation.findUniqueOrThrow({
        where: { id: conversationId },
        select: { agentId: true, accountId: true },
      })
      return (await database.prisma.lead.create({ data: { accountId, agentId, conversationId, email } })).id
    }
    const anaLead = await leadOf(seed.ana.byCustomerId.id, 'ana@example.com')
    const benLead = await leadOf(seed.ben.id, 'ben@example.com')
    const job = await deliver(seed.bed, 'customers/redact', shopDomain, {
      shop_id: 954889,
      shop_domain: shopDomain,
      customer: { id: 42, email: 'ana@example.com', phone: null },
      orders_to_redact: [],
    })
    expect(job.result).toEqual({
      conversations_deleted: 3,
      leads_deleted: 1,
      messages_deleted: 6,
      attachments_deleted: 1,
      widget_sessions_deleted: 1,
      data_request_records_deleted: 1,
    })

    for (const gone of Object.values(seed.ana)) expect(await exists(database, gone.id)).toBe(false)
    expect(
      await database.prisma.message.count({
        where: { conversationId: { in: Object.values(seed.ana).map((item) => item.id) } },
      }),
    ).toBe(0)
    expect(await isStored(storage, seed.ana.byCustomerId.attachmentKey!)).toBe(false)
    expect(await database.prisma.widgetSession.count({ where: { shopifyCustomerId: '42' } })).toBe(0)
    expect(await database.prisma.job.count({ where: { id: dataRequest.id } })).toBe(0)
    expect(
      JSON.stringify((await database.prisma.job.findUniqueOrThrow({ where: { id: job.id } })).payload),
    ).not.toContain('ana@example.com')

    expect(await database.prisma.lead.count({ where: { id: anaLead } })).toBe(0)

    // Another customer of the shop, the account's unrelated widget, and the same customer id in another shop stay.
    expect(await database.prisma.lead.count({ where: { id: benLead } })).toBe(1)
    expect(await exists(database, seed.ben.id)).toBe(true)
    expect(await isStored(storage, seed.ben.attachmentKey!)).toBe(true)
    expect(await exists(database, seed.unrelated.id)).toBe(true)
    expect(await exists(database, seed.shopBCustomer.id)).toBe(true)
    expect(await isStored(storage, seed.shopBCustomer.attachmentKey!)).toBe(true)
    expect(await database.prisma.message.count({ where: { conversationId: seed.shopBCustomer.id } })).toBe(2)
  })
})

describe('shop/redact', () => {
  it("deletes the shop's agents with their knowledge, files and conversations, its widget, sessions and webhook records; other data stays", async () => {
    const seed = await seedShops()
    const { database, storage, shop, agentId } = seed.bed
    const uninstall = await deliver(seed.bed, 'app/uninstalled', shop.shopDomain, { id: 954889 })
    const shopAgents = [agentId, seed.contentAgentId]
    expect(await database.prisma.knowledgeChunk.count({ where: { agentId: { in: shopAgents } } })).toBeGreaterThan(0)

    const job = await deliver(seed.bed, 'shop/redact', shop.shopDomain, {
      shop_id: 954889,
      shop_domain: shop.shopDomain,
    })
    expect(job.status).toBe('succeeded')
    expect(job.result).toMatchObject({
      known_shop: true,
      agents: 2,
      documents: 1,
      texts: 12,
      conversations: 4,
      messages: 8,
      widget_integrations: 1,
      files_deleted: 3,
      sessions_deleted: 0,
      webhook_jobs_deleted: 1,
    })

    expect(await database.prisma.agent.count({ where: { id: { in: shopAgents } } })).toBe(0)
    for (const model of [
      'text',
      'document',
      'knowledgeSection',
      'knowledgeChunk',
      'conversation',
      'widgetIntegration',
      'shopifyResource',
      'shopifyBulkImport',
    ] as const) {
      expect(
        await (database.prisma[model] as unknown as { count(args: object): Promise<number> }).count({
          where: { agentId: { in: shopAgents } },
        }),
        model,
      ).toBe(0)
    }
    expect(
      await database.prisma.conversation.count({
        where: { id: { in: [...Object.values(seed.ana), seed.ben].map((item) => item.id) } },
      }),
    ).toBe(0)
    expect(await database.prisma.widgetSession.count({ where: { widgetIntegrationId: seed.widget.id } })).toBe(0)
    expect(await isStored(storage, seed.documentKey)).toBe(false)
    expect(await isStored(storage, seed.ben.attachmentKey!)).toBe(false)
    expect(await database.prisma.shopifyShop.count({ where: { id: shop.id } })).toBe(0)
    expect(await database.prisma.shopifySession.count({ where: { shop: shop.shopDomain } })).toBe(0)
    expect(await database.prisma.job.count({ where: { id: uninstall.id } })).toBe(0)
    expect(await database.prisma.job.count({ where: { id: job.id, kind: SHOPIFY_WEBHOOK_JOB } })).toBe(1)

    // The account, its agent that has nothing to do with the shop, and shop B are untouched.
    expect(await database.prisma.user.count({ where: { id: seed.accountId } })).toBe(1)
    expect(await database.prisma.agent.count({ where: { id: seed.unrelatedAgentId } })).toBe(1)
    expect(await exists(database, seed.unrelated.id)).toBe(true)
    expect(await database.prisma.shopifyShop.count({ where: { id: seed.shopB.id } })).toBe(1)
    expect(await database.prisma.shopifySession.count({ where: { shop: seed.shopB.shopDomain } })).toBe(1)
    expect(await database.prisma.agent.count({ where: { id: seed.agentB } })).toBe(1)
    expect(await exists(database, seed.shopBCustomer.id)).toBe(true)
    expect(await isStored(storage, seed.shopBCustomer.attachmentKey!)).toBe(true)
  })
})
