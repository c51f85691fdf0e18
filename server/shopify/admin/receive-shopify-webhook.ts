import type { Database } from '../../db/database.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import { enqueueShopifyWebhook } from '../webhooks/enqueue-shopify-webhook.ts'

// Where a verified webhook goes: a durable job per delivery, recorded once per webhook id (a repeated
// delivery is answered 200 and not processed again).

export interface VerifiedShopifyWebhook {
  /** As the library normalises it: PRODUCTS_UPDATE, SHOP_REDACT, ... */
  topic: string
  shop: string
  webhookId: string
  payload: unknown
}

/** Accepts a webhook whose HMAC the library checked. Resolves once it is safe to answer Shopify 200. */
export async function receiveShopifyWebhook(
  database: Database,
  queue: JobQueue,
  webhook: VerifiedShopifyWebhook,
): Promise<{ isNew: boolean }> {
  const { isNew } = await enqueueShopifyWebhook({ database, queue, ...webhook })
  return { isNew }
}
