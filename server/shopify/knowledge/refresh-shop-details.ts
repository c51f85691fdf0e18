import { z } from 'zod'
import type { Database } from '../../db/database.ts'
import type { ShopifyShop } from '../../db/generated/prisma/client.ts'
import type { ShopifyAdminClient } from '../admin-api/shopify-admin-client.ts'

const QUERY = `query ShopDetails { shop { name primaryDomain { url } } }`

const ShopDetailsSchema = z.object({
  shop: z.object({ name: z.string(), primaryDomain: z.object({ url: z.string() }).nullish() }),
})

/** Reads the shop's name and primary domain, which product links are built on, before an import writes them. */
export async function refreshShopDetails(
  database: Database,
  client: ShopifyAdminClient,
  shop: ShopifyShop,
): Promise<ShopifyShop> {
  const { shop: details } = ShopDetailsSchema.parse(await client.graphql(QUERY))
  const storefrontUrl = details.primaryDomain?.url ? new URL(details.primaryDomain.url).origin : shop.storefrontUrl
  if (details.name === shop.shopName && storefrontUrl === shop.storefrontUrl) return shop
  return database.prisma.shopifyShop.update({ where: { id: shop.id }, data: { shopName: details.name, storefrontUrl } })
}
