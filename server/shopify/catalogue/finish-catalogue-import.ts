import type { Database } from '../../db/database.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import type { ShopifyAdminClient } from '../admin-api/shopify-admin-client.ts'
import { isSellable, productResource } from '../knowledge/product-resource.ts'
import { pruneStoreResources } from '../knowledge/remove-store-resources.ts'
import { StoreImportBusyError } from '../knowledge/store-import-busy-error.ts'
import { upsertStoreResource, type UpsertOutcome } from '../knowledge/upsert-store-resource.ts'
import { pruneStoreProducts, saveStoreProduct } from '../products/save-store-products.ts'
import { isBulkOperationRunning, readBulkOperation } from './bulk-operation-status.ts'
import { collectBulkProducts } from './collect-bulk-products.ts'
import { readJsonlLines } from './read-jsonl-lines.ts'

export interface FinishCatalogueImportOptions {
  database: Database
  client: ShopifyAdminClient
  queue: JobQueue
  bulkOperationGid: string
  fetchImpl?: typeof fetch
  signal?: AbortSignal
  onProgress?(percent: number, detail: string): Promise<void>
}

export type FinishCatalogueOutcome =
  | { status: 'unknown' }
  | { status: 'already-completed' }
  | { status: 'running' }
  | { status: 'failed'; error: string }
  | { status: 'completed'; products: number; counts: Record<UpsertOutcome, number>; removed: number }

/**
 * Reads a finished catalogue export into the agent's knowledge: each active product becomes (or
 * updates) a text with its storefront link, unchanged ones are skipped, products gone from the store
 * leave. Run it through the finish job, which keeps one run per import.
 */
export async function finishCatalogueImport(options: FinishCatalogueImportOptions): Promise<FinishCatalogueOutcome> {
  const { database, client, queue, bulkOperationGid } = options
  const report = options.onProgress ?? (async () => {})
  const bulkImport = await database.prisma.shopifyBulkImport.findUnique({
    where: { bulkOperationGid },
    include: { shop: true },
  })
  if (!bulkImport) return { status: 'unknown' }
  if (bulkImport.status === 'completed') return { status: 'already-completed' }
  if (bulkImport.status === 'failed') return { status: 'failed', error: bulkImport.error ?? 'The import failed.' }
  const operation = await readBulkOperation(client, bulkOperationGid)
  if (operation && isBulkOperationRunning(operation)) return { status: 'running' }
  if (!operation || operation.status !== 'COMPLETED') {
    // A failed export's partial data would make the prune remove products that exist: nothing is imported.
    const error = operation
      ? `The catalogue export ended ${operation.status.toLowerCase()}${operation.errorCode ? ` (${operation.errorCode})` : ''}.`
      : 'Shopify no longer knows this export.'
    await database.prisma.shopifyBulkImport.update({
      where: { id: bulkImport.id },
      data: { status: 'failed', error, finishedAt: new Date() },
    })
    return { status: 'failed', error }
  }
  await database.prisma.shopifyBulkImport.update({
    where: { id: bulkImport.id },
    data: { status: 'importing', objectCount: operation.objectCount },
  })
  await report(10, 'Downloading the catalogue')
  // No URL: the export matched no products.
  const products = operation.url
    ? await collectBulkProducts(readJsonlLines(operation.url, { fetchImpl: options.fetchImpl, signal: options.signal }))
    : []
  const counts: Record<UpsertOutcome, number> = { created: 0, updated: 0, unchanged: 0, busy: 0 }
  const kept = new Set<string>()
  for (const [index, product] of products.entries()) {
    options.signal?.throwIfAborted()
    if (!isSellable(product)) continue
    kept.add(product.id)
    const { outcome } = await upsertStoreResource({
      database,
      queue,
      shop: bulkImport.shop,
      agentId: bulkImport.agentId,
      resource: productResource(product, bulkImport.shop),
    })
    counts[outcome] += 1
    await saveStoreProduct(database, { shop: bulkImport.shop, product })
    if (index % 25 === 24)
      await report(10 + ((index + 1) / products.length) * 85, `Imported ${index + 1} of ${products.length} products`)
  }
  if (counts.busy > 0)
    throw new StoreImportBusyError(
      `${counts.busy} products are being embedded right now; the import continues with them shortly.`,
    )
  const removed = await pruneStoreResources(database, {
    shopId: bulkImport.shopId,
    agentId: bulkImport.agentId,
    kinds: ['product'],
    keptGids: kept,
  })
  await pruneStoreProducts(database, bulkImport.shopId, kept)
  await database.prisma.shopifyBulkImport.update({
    where: { id: bulkImport.id },
    data: { status: 'completed', error: null, finishedAt: new Date() },
  })
  return { status: 'completed', products: kept.size, counts, removed }
}
