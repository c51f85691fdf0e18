import type { Database } from '../../db/database.ts'

/** app/scopes_update: the merchant granted or revoked access; the shop and its offline session say so. */
export async function updateShopScopes(database: Database, shopDomain: string, scopes: string[]) {
  const scope = [...new Set(scopes)].join(',')
  const [shops, sessions] = await database.prisma.$transaction([
    database.prisma.shopifyShop.updateMany({ where: { shopDomain }, data: { scopes: scope } }),
    database.prisma.shopifySession.updateMany({ where: { shop: shopDomain, isOnline: false }, data: { scope } }),
  ])
  return { scopes: scope, shopUpdated: shops.count > 0, sessionsUpdated: sessions.count }
}
