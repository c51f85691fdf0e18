// What the Express mount hands every React Router loader and action under /shopify (their `context`).
import type { ShopifyBillingPlans } from '../../billing/shopify/shopify-billing-plans.ts'
import type { PlanEnforcement } from '../../billing/plan-enforcement.ts'
import type { Database } from '../../db/database.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import type { AnsweringServices } from '../../conversations/send-message.ts'
import type { RateLimits } from '../../rate-limits/rate-limits.ts'
import type { Logger } from '../../logging/create-logger.ts'
import type { ShopifyAppServer } from './shopify.server.ts'

export interface ShopifyLoadContext {
  shopify: ShopifyAppServer
  /** Shopify Billing: the plans declared to the library, and whether its charges are test charges (SHOPIFY_BILLING_TEST). */
  billing: { plans: ShopifyBillingPlans; isTest: boolean }
  /** The app's client id, which App Bridge reads from the page. */
  apiKey: string
  database: Database
  /** The plans' limits, for what the embedded admin creates. */
  plans: PlanEnforcement
  logger: Logger
  /** Wakes the worker for the jobs webhooks and imports queue. */
  queue: JobQueue
  /** Retrieval and answering, for the chat playground. */
  answering: AnsweringServices
  /** The per-user chat limit the API's chat calls apply too. */
  rateLimits: RateLimits
  /** Where widget logos and other files live. */
  storage: FileStorage
  /** This server's address as storefronts reach it (PUBLIC_URL): the widget's data-server. */
  publicUrl: string
  /** This response's Content-Security-Policy nonce, for React Router's inline scripts. */
  cspNonce: string
}
