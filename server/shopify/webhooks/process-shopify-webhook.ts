import { gatherCustomerData } from '../compliance/gather-customer-data.ts'
import { redactCustomer } from '../compliance/redact-customer.ts'
import { redactShop } from '../compliance/redact-shop.ts'
import { queueCatalogueFinish } from '../jobs/queue-catalogue-finish.ts'
import type { ShopifyJobDependencies } from '../jobs/shopify-job-dependencies.ts'
import { recordAssistedOrder } from '../orders/record-assisted-order.ts'
import { markShopUninstalled } from './mark-shop-uninstalled.ts'
import type { WebhookJobPayload } from './shopify-webhook.schemas.ts'
import { syncStoreObject } from './sync-store-object.ts'
import { updateShopScopes } from './update-shop-scopes.ts'
import { updateShopSubscription } from './update-shop-subscription.ts'

interface SyncObjectOptions {
  shopDomain: string
  gid: string
  type: 'product' | 'collection'
  isDeleted: boolean
}

async function syncObject(
  dependencies: ShopifyJobDependencies,
  { shopDomain, gid, type, isDeleted }: SyncObjectOptions,
) {
  const { database, queue } = dependencies
  const shop = await database.prisma.shopifyShop.findUnique({ where: { shopDomain } })
  if (!shop) return { skipped: 'unknown shop' }
  return syncStoreObject({
    database,
    queue,
    shop,
    type,
    gid,
    isDeleted,
    clientFor: () => dependencies.adminClientFor(shop.shopDomain),
  })
}

async function finishBulkOperation(
  dependencies: ShopifyJobDependencies,
  webhook: Extract<WebhookJobPayload, { topic: 'bulk_operations/finish' }>,
) {
  const { bulkOperationGid, status } = webhook.payload
  const bulkImport = await dependencies.database.prisma.shopifyBulkImport.findFirst({
    where: { bulkOperationGid, shop: { shopDomain: webhook.shop } },
    include: { shop: true },
  })
  if (!bulkImport) return { skipped: 'not an import of this app', status }
  await queueCatalogueFinish(dependencies.database, { queue: dependencies.queue, bulkImport })
  return { bulkImportId: bulkImport.id, status }
}

/** Does what one webhook asks; the result is kept on its job. */
export async function processShopifyWebhook(
  dependencies: ShopifyJobDependencies,
  webhook: WebhookJobPayload,
  jobId?: string,
): Promise<unknown> {
  const { database, storage, logger } = dependencies
  switch (webhook.topic) {
    case 'products/create':
    case 'products/update':
      return syncObject(dependencies, {
        shopDomain: webhook.shop,
        gid: webhook.payload.gid,
        type: 'product',
        isDeleted: false,
      })
    case 'products/delete':
      return syncObject(dependencies, {
        shopDomain: webhook.shop,
        gid: webhook.payload.gid,
        type: 'product',
        isDeleted: true,
      })
    case 'collections/create':
    case 'collections/update':
      return syncObject(dependencies, {
        shopDomain: webhook.shop,
        gid: webhook.payload.gid,
        type: 'collection',
        isDeleted: false,
      })
    case 'collections/delete':
      return syncObject(dependencies, {
        shopDomain: webhook.shop,
        gid: webhook.payload.gid,
        type: 'collection',
        isDeleted: true,
      })
    case 'bulk_operations/finish':
      return finishBulkOperation(dependencies, webhook)
    case 'app/uninstalled': {
      const received = jobId
        ? await database.prisma.job.findUnique({ where: { id: jobId }, select: { createdAt: true } })
        : null
      return markShopUninstalled(database, webhook.shop, received?.createdAt)
    }
    case 'app_subscriptions/update':
      return updateShopSubscription(database, {
        logger,
        shopDomain: webhook.shop,
        update: webhook.payload,
      })
    case 'app/scopes_update':
      return updateShopScopes(database, webhook.shop, webhook.payload.current)
    case 'customers/data_request': {
      const { customer, dataRequestId } = webhook.payload
      return {
        data_request_id: dataRequestId,
        ...(await gatherCustomerData({ database, shopDomain: webhook.shop, customer })),
      }
    }
    case 'customers/redact':
      return redactCustomer({
        database,
        storage,
        logger,
        shopDomain: webhook.shop,
        customer: webhook.payload.customer,
        currentJobId: jobId,
      })
    case 'shop/redact':
      return redactShop({ database, storage, logger, shopDomain: webhook.shop, currentJobId: jobId })
    case 'orders/create':
      return recordAssistedOrder(database, { shopDomain: webhook.shop, order: webhook.payload })
  }
}
