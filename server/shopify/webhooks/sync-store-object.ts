import type { Database } from '../../db/database.ts'
import type { ShopifyShop } from '../../db/generated/prisma/client.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import type { ShopifyAdminClient } from '../admin-api/shopify-admin-client.ts'
import { collectionResource } from '../knowledge/content-resources.ts'
import { isSellable, productResource } from '../knowledge/product-resource.ts'
import { removeStoreResource } from '../knowledge/remove-store-resources.ts'
import { storeKnowledgeAgentIds } from '../knowledge/store-knowledge-agents.ts'
import { StoreImportBusyError } from '../knowledge/store-import-busy-error.ts'
import type { StoreResource } from '../knowledge/store-resource.ts'
import { upsertStoreResource } from '../knowledge/upsert-store-resource.ts'
import { saveStoreProduct } from '../products/save-store-products.ts'
import { fetchStoreCollection, fetchStoreProduct } from './fetch-store-object.ts'

export interface SyncStoreObjectOptions {
  database: Database
  queue: JobQueue
  shop: ShopifyShop
  type: 'product' | 'collection'
  gid: string
  /** products/delete and collections/delete: no need to ask the store. */
  isDeleted: boolean
  /** Only asked for when some agent holds the store's knowledge. */
  clientFor(): Promise<ShopifyAdminClient>
}

interface CurrentResourceOptions {
  client: ShopifyAdminClient
  shop: ShopifyShop
  type: 'product' | 'collection'
  gid: string
}

async function currentResource(
  database: Database,
  { client, shop, type, gid }: CurrentResourceOptions,
): Promise<StoreResource | null> {
  if (type === 'product') {
    const product = await fetchStoreProduct(client, gid)
    if (!product || !isSellable(product)) return null
    // The card first: a price or stock change leaves the knowledge text as it was, but never the card.
    await saveStoreProduct(database, { shop, product })
    return productResource(product, shop)
  }
  const collection = await fetchStoreCollection(client, gid)
  return collection ? collectionResource(collection, shop) : null
}

/**
 * Brings one product or collection up to date in every agent holding the store's knowledge: written
 * (and embedded again) when it changed, removed when it is gone, a draft or archived.
 */
export async function syncStoreObject(options: SyncStoreObjectOptions) {
  const { database, queue, shop, gid } = options
  const agentIds = await storeKnowledgeAgentIds(database, shop)
  if (agentIds.length === 0) return { agents: 0, removed: 0, outcomes: [] }
  const resource = options.isDeleted
    ? null
    : await currentResource(database, { client: await options.clientFor(), shop, type: options.type, gid })
  if (!resource)
    return { agents: agentIds.length, removed: await removeStoreResource(database, shop.id, gid), outcomes: [] }
  const outcomes = []
  for (const agentId of agentIds)
    outcomes.push((await upsertStoreResource({ database, queue, shop, agentId, resource })).outcome)
  // The retry (the job's backoff) finds the embedding done and this object's text changed again.
  if (outcomes.includes('busy'))
    throw new StoreImportBusyError('The text is being embedded right now; this change is applied shortly.')
  return { agents: agentIds.length, removed: 0, outcomes }
}
