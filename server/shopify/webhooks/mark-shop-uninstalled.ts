import type { Database } from '../../db/database.ts'

/**
 * app/uninstalled: the shop's tokens no longer work, so its sessions go, and the subscription Shopify
 * billed ends (Shopify cancels an app's charges when it is uninstalled). Its knowledge and conversations
 * stay until shop/redact (48 hours later), in case the merchant installs again.
 */
export async function markShopUninstalled(database: Database, shopDomain: string) {
  const now = new Date()
  return database.prisma.$transaction(async (tx) => {
    const shops = await tx.shopifyShop.updateMany({ where: { shopDomain, uninstalledAt: null }, data: { uninstalledAt: now } })
    const sessions = await tx.shopifySession.deleteMany({ where: { shop: shopDomain } })
    // A Shopify subscription's customer is the shop it bills (applyShopifySubscription): only this shop's end.
    const subscriptions = await tx.subscription.updateMany({
      where: { provider: 'shopify', providerCustomerId: shopDomain, status: { in: ['active', 'past_due', 'incomplete'] } },
      data: { status: 'cancelled', cancelledAt: now, endedAt: now, currentPeriodEnd: now, currentKey: null, providerSyncedAt: now },
    })
    return { shopMarked: shops.count > 0, sessionsDeleted: sessions.count, subscriptionsEnded: subscriptions.count }
  })
}
