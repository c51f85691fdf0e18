import type { Database } from '../../db/database.ts'

/**
 * app/uninstalled (received at `receivedAt`, when its job was recorded): the shop's tokens no longer work, so its sessions go, and the subscription Shopify
 * billed ends (Shopify cancels an app's charges when it is uninstalled). Its knowledge and conversations
 * stay until shop/redact (48 hours later), in case the merchant installs again.
 */
export async function markShopUninstalled(database: Database, shopDomain: string, receivedAt: Date = new Date()) {
  const now = new Date()
  return database.prisma.$transaction(async (tx) => {
    const shops = await tx.shopifyShop.updateMany({
      where: { shopDomain, uninstalledAt: null },
      data: { uninstalledAt: now },
    })
    const sessions = await tx.shopifySession.deleteMany({ where: { shop: shopDomain } })
    // A Shopify subscription's customer is the shop it bills (applyShopifySubscription): only this shop's
    // end, and only those we held when the webhook came (a job run late must not end a reinstall's new plan).
    const subscriptions = await tx.subscription.updateMany({
      where: {
        provider: 'shopify',
        providerCustomerId: shopDomain,
        status: { in: ['active', 'past_due', 'incomplete'] },
        createdAt: { lt: receivedAt },
      },
      data: {
        status: 'cancelled',
        cancelledAt: receivedAt,
        endedAt: receivedAt,
        currentPeriodEnd: receivedAt,
        currentKey: null,
        providerSyncedAt: receivedAt,
      },
    })
    return { shopMarked: shops.count > 0, sessionsDeleted: sessions.count, subscriptionsEnded: subscriptions.count }
  })
}
