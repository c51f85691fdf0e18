// What the Express mount hands every React Router loader and action under /shopify (their `context`).
import type { Database } from '../../db/database.ts'
import type { EmbeddingQueue } from '../../knowledge/embedding/start-embedding.ts'
import type { Logger } from '../../logging/create-logger.ts'
import type { ShopifyAppServer } from './shopify.server.ts'

export interface ShopifyLoadContext {
  shopify: ShopifyAppServer
  /** The app's client id, which App Bridge reads from the page. */
  apiKey: string
  database: Database
  logger: Logger
  /** Wakes the worker for the jobs webhooks and imports queue. */
  queue: EmbeddingQueue
  /** This response's Content-Security-Policy nonce, for React Router's inline scripts. */
  cspNonce: string
}
