// The one Shopify library instance of a process (embedded app, webhooks, background jobs), or null when
// SHOPIFY_API_KEY and SHOPIFY_API_SECRET are not set.
import { declareShopifyBillingPlans, type ShopifyBillingPlans } from '../../billing/shopify/shopify-billing-plans.ts'
import type { Config } from '../../config/config.schemas.ts'
import type { Database } from '../../db/database.ts'
import type { Logger } from '../../logging/create-logger.ts'
import type { ServerSecrets } from '../../secrets/load-server-secrets.ts'
import { createPrismaSessionStorage } from './prisma-session-storage.ts'
import { deriveSessionTokenKey } from './session-token-key.ts'
import { createShopifyApp, shopifyCredentialsOf, type ShopifyAppServer } from './shopify.server.ts'

export interface ShopifyLibrary {
  shopify: ShopifyAppServer
  /** The plans declared to Shopify Billing: the object the library reads, refreshed in place before a request. */
  billingPlans: ShopifyBillingPlans
}

export interface ShopifyLibraryOptions {
  config: Config
  database: Database
  secrets: ServerSecrets
  logger: Logger
}

export async function createShopifyLibrary({
  config,
  database,
  secrets,
  logger,
}: ShopifyLibraryOptions): Promise<ShopifyLibrary | null> {
  const credentials = shopifyCredentialsOf(config)
  if (!credentials) return null
  const sessionStorage = createPrismaSessionStorage(database, deriveSessionTokenKey(secrets))
  const billingPlans = await declareShopifyBillingPlans(database)
  return {
    shopify: createShopifyApp({
      credentials,
      scopes: config.SHOPIFY_SCOPES,
      database,
      sessionStorage,
      logger,
      billing: billingPlans,
    }),
    billingPlans,
  }
}
