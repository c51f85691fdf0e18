// A Shopify store's storefront chat, for the shopping assistant's tests: the chat testbed (fake LLM) with
// the shop's Admin API pointed at the fake, the demo store's catalogue imported into the agent, the shop's
// storefront widget, and shoppers who open their chat through the app proxy's signed bootstrap.
import { expect } from 'vitest'
import type { ShopifyShop } from '../../server/db/generated/prisma/client.ts'
import { loadServerSecrets } from '../../server/secrets/load-server-secrets.ts'
import { createAdminClient } from '../../server/shopify/admin-api/create-admin-client.ts'
import { SHOPIFY_ADMIN_API_VERSION } from '../../server/shopify/admin-api/shopify-admin-client.ts'
import { enqueueStoreImport } from '../../server/shopify/jobs/enqueue-store-import.ts'
import { bootstrapStorefrontChat } from '../../server/shopify/proxy/bootstrap-storefront-chat.ts'
import { enqueueShopifyWebhook } from '../../server/shopify/webhooks/enqueue-shopify-webhook.ts'
import { createFileStorage } from '../../server/storage/create-file-storage.ts'
import { widgetSettingsOf } from '../../server/widgets/public/widget-settings.ts'
import { startChatTestbed } from './chat-testbed.ts'
import { startFakeShopifyAdmin } from './fake-shopify-admin.ts'
import { createShop, settleJobs, startShopifyWorker } from './shopify-testbed.ts'
import { newIntegration } from './widget-visitors.ts'

const STOREFRONT = 'https://alpine.example'

/** `offline`: no language model is configured, and the offline answerer replies. */
export async function startStorefrontTestbed(secretKey: string, { offline = false } = {}) {
  const admin = await startFakeShopifyAdmin()
  const testbed = await startChatTestbed(
    {
      JOB_POLL_MS: '25',
      SECRET_KEY: secretKey,
      ...(offline ? { LLM_BASE_URL: undefined, LLM_API_KEY: undefined } : {}),
    },
    {
      shopAdmin: async (shopDomain) =>
        createAdminClient({
          shop: shopDomain,
          accessToken: admin.accessToken,
          apiVersion: SHOPIFY_ADMIN_API_VERSION,
          baseUrl: admin.url,
        }),
    },
  )
  const { testApp, owner, agentId } = testbed
  const { database } = testApp
  const shopifyWorker = startShopifyWorker({ database, admin, storage: createFileStorage(testApp.config) })
  const integration = await newIntegration(testbed, { website_name: 'Alpine', website_domain: 'alpine.example' })
  const shop: ShopifyShop = await createShop(database, {
    accountId: owner.userId,
    agentId,
    storefrontUrl: STOREFRONT,
    widgetIntegrationId: integration.integration_id,
    scopes: 'read_products,read_content,read_orders',
  })
  let webhooks = 0
  /** A webhook from the shop, run to the end by the worker. */
  const deliver = async (topic: string, payload: Record<string, unknown>) => {
    webhooks += 1
    const webhookId = `storefront-${webhooks}`
    await enqueueShopifyWebhook({
      database,
      queue: shopifyWorker.queue,
      topic,
      shop: shop.shopDomain,
      webhookId,
      payload,
    })
    await settleJobs(database)
    return webhookId
  }
  await enqueueStoreImport({
    database,
    queue: shopifyWorker.queue,
    shopDomain: shop.shopDomain,
    agentId,
    parts: ['catalogue'],
  })
  await settleJobs(database)
  const operation = admin.finishBulkOperation()
  await deliver('bulk_operations/finish', admin.finishWebhookPayload(operation.id))

  /** A shopper on the storefront, signed in as `customerId` (Shopify's logged_in_customer_id) or a guest. */
  const shopper = async (customerId: string | null = null) => {
    const secrets = await loadServerSecrets(database, testApp.config)
    const session = await bootstrapStorefrontChat({
      database,
      settings: widgetSettingsOf(testApp.config, { tokenKey: secrets.widgetTokenKey, sealingKey: secrets.sealingKey }),
      shopDomain: shop.shopDomain,
      loggedInCustomerId: customerId,
      origin: STOREFRONT,
    })
    const auth = { Authorization: `Bearer ${session.token}`, Origin: STOREFRONT }
    const created = await testApp.request.post('/api/conversations/api/create/').set(auth).send({})
    expect(created.status).toBe(201)
    return { auth, conversationId: created.body.conversation_id as string }
  }

  return {
    ...testbed,
    admin,
    shop,
    deliver,
    shopper,
    close: async () => {
      await shopifyWorker.worker.stop(2_000)
      await testbed.close()
      await admin.close()
    },
  }
}

export type StorefrontTestbed = Awaited<ReturnType<typeof startStorefrontTestbed>>
