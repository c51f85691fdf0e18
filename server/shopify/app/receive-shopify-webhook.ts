import type { Database } from '../../db/database.ts'

// Where a verified webhook goes. For now it keeps nothing: the lead connects it to the durable job
// that handles each topic (enqueueShopifyWebhook in server/shopify/), idempotent by webhook id.

export interface VerifiedShopifyWebhook {
  /** As the library normalises it: PRODUCTS_UPDATE, SHOP_REDACT, ... */
  topic: string
  shop: string
  webhookId: string
  payload: unknown
}

/** Accepts a webhook whose HMAC the library checked. Resolves once it is safe to answer Shopify 200. */
export async function receiveShopifyWebhook(_database: Database, _webhook: VerifiedShopifyWebhook): Promise<void> {}
