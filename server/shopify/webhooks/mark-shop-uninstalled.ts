import type { Database } from '../../db/database.ts'

/**
 * app/uninstalled: the shop's tokens no longer work, so its sessions go. Its knowledge and
 * conversations stay until shop/redact (48 hours later), in case the merchant installs again.
 */
export async function markShopUninstalled(database: Database, shopDomain: string) {
  const [shops, sessions] = await database.prisma.$transaction([
    database.prisma.shopifyShop.updateMany({ where: { shopDomain, uninstalledAt: null }, data: { uninstalledAt: new Date() } }),
    database.prisma.shopifySession.deleteMany({ where: { shop: shopDomain } }),
  ])
  return { shopMarked: shops.count > 0, sessionsDeleted: sessions.count }
}
