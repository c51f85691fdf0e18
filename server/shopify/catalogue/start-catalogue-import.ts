import type { Database } from '../../db/database.ts'
import type { ShopifyShop } from '../../db/generated/prisma/client.ts'
import { ShopifyAdminError, type ShopifyAdminClient } from '../admin-api/shopify-admin-client.ts'
import { refreshShopDetails } from '../knowledge/refresh-shop-details.ts'
import { requireShopAgent } from '../knowledge/require-shop-agent.ts'
import { CATALOGUE_BULK_QUERY, START_CATALOGUE_EXPORT, StartCatalogueExportSchema } from './catalogue-bulk-query.ts'

export interface StartCatalogueImportOptions {
  database: Database
  client: ShopifyAdminClient
  shop: ShopifyShop
  agentId: string
}

/**
 * Asks Shopify to export the catalogue as a bulk operation and records the import. Shopify works on it
 * in the background; finishCatalogueImport reads the result when the finish webhook (or a poll) says so.
 */
export async function startCatalogueImport({ database, client, shop, agentId }: StartCatalogueImportOptions) {
  await requireShopAgent(database, shop, agentId)
  await refreshShopDetails(database, client, shop)
  const data = StartCatalogueExportSchema.parse(
    await client.graphql(START_CATALOGUE_EXPORT, { query: CATALOGUE_BULK_QUERY }),
  )
  const { bulkOperation, userErrors } = data.bulkOperationRunQuery
  if (!bulkOperation || userErrors.length > 0) {
    // OPERATION_IN_PROGRESS and LIMIT_REACHED pass with time; the job's retry tries again.
    const codes = userErrors.flatMap((error) => (error.code ? [error.code] : []))
    throw new ShopifyAdminError(
      `Shopify refused the catalogue export: ${userErrors.map((error) => error.message).join('; ') || 'no operation returned'}`,
      { codes },
    )
  }
  return database.prisma.shopifyBulkImport.create({
    data: { shopId: shop.id, agentId, bulkOperationGid: bulkOperation.id, status: 'running' },
  })
}
