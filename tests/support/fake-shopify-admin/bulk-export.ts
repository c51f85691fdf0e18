// How an export ends, played by the test: its JSONL file from the store, and the webhook Shopify then sends.
import type { FakeShopifyAdminContext } from './context.ts'
import { gid, productNode, variantNode } from './nodes.ts'
import type { FakeStore } from './types.ts'

/** The JSONL of a products export: every product line first, then the variants, so a reader relying on adjacency fails. */
function exportJsonl(store: FakeStore, query: string) {
  const products = store.products.filter((product) => !query.includes('status:active') || product.status === 'ACTIVE')
  const productLines = products.map((product) => JSON.stringify(productNode(product)))
  const variantLines = products.flatMap((product) =>
    product.variants.map((variant) =>
      JSON.stringify({ ...variantNode(variant), __parentId: gid('Product', product.id) }),
    ),
  )
  return {
    jsonl: [...productLines, ...variantLines].join('\n') + '\n',
    objectCount: productLines.length + variantLines.length,
    rootObjectCount: productLines.length,
  }
}

/** Ends the latest (or the given) export as Shopify would; a completed one gets its JSONL from the store as it is now. */
export function finishBulkOperation(
  { bulkOperations, state }: FakeShopifyAdminContext,
  id = [...bulkOperations.keys()].at(-1),
  outcome: { status?: 'COMPLETED' | 'FAILED'; errorCode?: string } = {},
) {
  const operation = id ? bulkOperations.get(id) : undefined
  if (!operation) throw new Error('no bulk operation to finish')
  operation.status = outcome.status ?? 'COMPLETED'
  operation.errorCode = outcome.errorCode ?? null
  if (operation.status === 'COMPLETED') Object.assign(operation, exportJsonl(state.store, operation.query))
  return operation
}

/** The body of the bulk_operations/finish webhook Shopify sends for an export. */
export function finishWebhookPayload({ bulkOperations }: FakeShopifyAdminContext, id: string) {
  const operation = bulkOperations.get(id)
  return {
    admin_graphql_api_id: id,
    completed_at: new Date().toISOString(),
    created_at: new Date().toISOString(),
    error_code: operation?.errorCode?.toLowerCase() ?? null,
    status: operation?.status.toLowerCase(),
    type: 'query',
  }
}
