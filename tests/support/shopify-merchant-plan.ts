import { applyProviderSubscription } from '../../server/billing/apply-provider-subscription.ts'
import type { Database } from '../../server/db/database.ts'

/**
 * A merchant whose plan Shopify bills: the account's shop and a live Shopify subscription to the plan
 * of price 3 (Pro 2), applied as the app's billing calls would apply it.
 */
export async function giveShopifyBilledPlan(database: Database, accountId: string, shopDomain: string) {
  const { prisma } = database
  await prisma.shopifyShop.create({ data: { shopDomain, accountId } })
  const price = await prisma.planPrice.findUniqueOrThrow({ where: { id: 3 } })
  const now = new Date()
  await prisma.$transaction((tx) =>
    applyProviderSubscription(tx, {
      provider: 'shopify',
      providerSubscriptionId: `gid://shopify/AppSubscription/${now.getTime()}${Math.floor(Math.random() * 1000)}`,
      providerCustomerId: shopDomain,
      accountId,
      price,
      status: 'active',
      startedAt: now,
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
      cancelAtPeriodEnd: false,
      cancelledAt: null,
      endedAt: null,
      syncedAt: now,
    }),
  )
}
