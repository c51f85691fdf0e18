import type { Database } from '../../db/database.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import type { Logger } from '../../logging/create-logger.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import type { ShopifyAdminClient } from '../admin-api/shopify-admin-client.ts'

/** What the Shopify jobs need from the process that runs them. */
export interface ShopifyJobDependencies {
  database: Database
  /** Wakes the worker for the embed jobs the imports queue. */
  queue: JobQueue
  storage: FileStorage
  logger: Logger
  /**
   * An Admin API client for the shop's offline session. In the app:
   * `async (shop) => adminClientFromLibrary((await shopify.unauthenticated.admin(shop)).admin)`, which
   * also refreshes expiring offline tokens.
   */
  adminClientFor(shopDomain: string): Promise<ShopifyAdminClient>
  /** Downloads the bulk export's JSONL. */
  fetchImpl?: typeof fetch
  /** How long after an export starts the first status poll runs, in case the finish webhook never comes. */
  finishPollDelayMs?: number
}
