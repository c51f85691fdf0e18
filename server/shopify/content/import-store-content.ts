import type { z } from 'zod'
import type { Database } from '../../db/database.ts'
import type { ShopifyShop } from '../../db/generated/prisma/client.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import type { ShopifyAdminClient } from '../admin-api/shopify-admin-client.ts'
import {
  articleResource,
  collectionResource,
  pageResource,
  policyResource,
  StoreArticleSchema,
  StoreCollectionSchema,
  StorePageSchema,
  StorePolicySchema,
} from '../knowledge/content-resources.ts'
import { refreshShopDetails } from '../knowledge/refresh-shop-details.ts'
import { pruneStoreResources } from '../knowledge/remove-store-resources.ts'
import { requireShopAgent } from '../knowledge/require-shop-agent.ts'
import type { StorefrontShop, StoreResource, StoreResourceKind } from '../knowledge/store-resource.ts'
import { StoreImportBusyError } from '../knowledge/store-import-busy-error.ts'
import { upsertStoreResource, type UpsertOutcome } from '../knowledge/upsert-store-resource.ts'
import { paginateConnection } from './paginate-connection.ts'
import {
  ARTICLES_QUERY,
  COLLECTIONS_QUERY,
  connectionIn,
  PAGES_QUERY,
  POLICIES_QUERY,
  PoliciesDataSchema,
} from './store-content-queries.ts'

export interface ImportStoreContentOptions {
  database: Database
  client: ShopifyAdminClient
  queue: JobQueue
  shop: ShopifyShop
  agentId: string
  signal?: AbortSignal
  onProgress?(percent: number, detail: string): Promise<void>
}

interface ContentKind<Schema extends z.ZodType> {
  kind: StoreResourceKind
  label: string
  schema: Schema
  nodes(client: ShopifyAdminClient, signal?: AbortSignal): AsyncIterable<unknown>
  /** null: not on the storefront (an unpublished page or article), so not knowledge. */
  toResource(node: z.infer<Schema>, shop: StorefrontShop): StoreResource | null
}

const kind = <Schema extends z.ZodType>(definition: ContentKind<Schema>) =>
  definition as unknown as ContentKind<z.ZodType>

const CONTENT_KINDS = [
  kind({
    kind: 'collection',
    label: 'collections',
    schema: StoreCollectionSchema,
    nodes: (client, signal) =>
      paginateConnection({ client, query: COLLECTIONS_QUERY, connectionOf: connectionIn('collections'), signal }),
    toResource: collectionResource,
  }),
  kind({
    kind: 'page',
    label: 'pages',
    schema: StorePageSchema,
    nodes: (client, signal) =>
      paginateConnection({ client, query: PAGES_QUERY, connectionOf: connectionIn('pages'), signal }),
    toResource: (page, shop) => (page.isPublished === false ? null : pageResource(page, shop)),
  }),
  kind({
    kind: 'article',
    label: 'blog articles',
    schema: StoreArticleSchema,
    nodes: (client, signal) =>
      paginateConnection({ client, query: ARTICLES_QUERY, connectionOf: connectionIn('articles'), signal }),
    toResource: (article, shop) => (article.isPublished === false ? null : articleResource(article, shop)),
  }),
  kind({
    kind: 'policy',
    label: 'policies',
    schema: StorePolicySchema,
    nodes: async function* (client) {
      yield* PoliciesDataSchema.parse(await client.graphql(POLICIES_QUERY)).shop.shopPolicies
    },
    toResource: (policy, shop) => (policy.body.trim() ? policyResource(policy, shop) : null),
  }),
]

export type ContentImportCounts = Record<StoreResourceKind, Record<UpsertOutcome, number> & { removed: number }>

/**
 * Imports the store's collections, pages, blog articles and policies into the agent's knowledge, the
 * way the catalogue import does products: texts with storefront links, unchanged ones skipped, ones
 * the store no longer has removed.
 */
export async function importStoreContent(options: ImportStoreContentOptions): Promise<Partial<ContentImportCounts>> {
  const { database, client, queue, agentId, signal } = options
  const report = options.onProgress ?? (async () => {})
  await requireShopAgent(database, options.shop, agentId)
  const shop = await refreshShopDetails(database, client, options.shop)
  const counts: Partial<ContentImportCounts> = {}
  let busy = 0
  for (const [index, contentKind] of CONTENT_KINDS.entries()) {
    await report(5 + (index / CONTENT_KINDS.length) * 90, `Importing ${contentKind.label}`)
    const tally = { created: 0, updated: 0, unchanged: 0, busy: 0, removed: 0 }
    const kept = new Set<string>()
    for await (const node of contentKind.nodes(client, signal)) {
      const resource = contentKind.toResource(contentKind.schema.parse(node), shop)
      if (!resource) continue
      kept.add(resource.gid)
      tally[(await upsertStoreResource({ database, queue, shop, agentId, resource })).outcome] += 1
    }
    tally.removed = await pruneStoreResources(database, {
      shopId: shop.id,
      agentId,
      kinds: [contentKind.kind],
      keptGids: kept,
    })
    counts[contentKind.kind] = tally
    busy += tally.busy
  }
  if (busy > 0)
    throw new StoreImportBusyError(
      `${busy} store texts are being embedded right now; the import continues with them shortly.`,
    )
  return counts
}
