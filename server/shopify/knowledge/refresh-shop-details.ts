import { z } from 'zod'
import type { Database } from '../../db/database.ts'
import type { ShopifyShop } from '../../db/generated/prisma/client.ts'
import type { ShopifyAdminClient } from '../admin-api/shopify-admin-client.ts'
import { knownTimeZoneOf } from '../admin/shop-profile.schemas.ts'

const QUERY = `query ShopDetails { shop { name ianaTimezone primaryDomain { url } } }`

const ShopDetailsSchema = z.object({
  shop: z.object({
    name: z.string(),
    ianaTimezone: z.string().nullish(),
    primaryDomain: z.object({ url: z.string() }).nullish(),
  }),
})

/**
 * Reads the shop's name and primary domain, which product links are built on, before an import writes
 * them, and its time zone, which the sales figures' days follow (a shop may change it after installing).
 */
export async function refreshShopDetails(
  database: Database,
  client: ShopifyAdminClient,
  shop: ShopifyShop,
): Promise<ShopifyShop> {
  const { shop: details } = ShopDetailsSchema.parse(await client.graphql(QUERY))
  const storefrontUrl = details.primaryDomain?.url ? new URL(details.primaryDomain.url).origin : shop.storefrontUrl
  const ianaTimezone = knownTimeZoneOf(details.ianaTimezone) ?? shop.ianaTimezone
  if (details.name === shop.shopName && storefrontUrl === shop.storefrontUrl && ianaTimezone === shop.ianaTimezone)
    return shop
  return database.prisma.shopifyShop.update({
    where: { id: shop.id },
    data: { shopName: details.name, storefrontUrl, ianaTimezone },
  })
}
