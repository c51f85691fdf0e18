import type { Database } from '../../db/database.ts'
import type { Logger } from '../../logging/create-logger.ts'
import { findCurrentSubscription } from '../account-standing.ts'
import { applyShopifySubscription } from './apply-shopify-subscription.ts'
import { fromLibrarySubscription, type ShopBilling } from './shopify-billing-calls.ts'

/**
 * Brings the shop account's Shopify subscriptions in line with billing.check, Shopify's own list of the
 * app's active subscriptions on the shop: each one there is applied (a merchant who approved a charge
 * whose webhook was lost gets the plan), and a Shopify subscription we hold as live that is no longer
 * there has ended. Run when the merchant opens Plans and on return from Shopify's confirmation page.
 */
export async function syncShopifyBilling(
  { database, billing, isTest, shopDomain }: ShopBilling,
  logger?: Logger,
): Promise<{ active: string[] }> {
  // Stamped before asking: a word Shopify sends after this moment is newer than what check answers.
  const readAt = new Date()
  const { appSubscriptions } = await billing.check({ isTest })
  const activeIds = appSubscriptions.map((subscription) => subscription.id)
  await database.prisma.$transaction(async (tx) => {
    for (const subscription of appSubscriptions) {
      const outcome = await applyShopifySubscription(tx, {
        shopDomain,
        subscription: fromLibrarySubscription(subscription),
        syncedAt: readAt,
      })
      if (outcome === 'unknown-plan')
        logger?.warn(
          { shopDomain, subscriptionId: subscription.id, name: subscription.name },
          'a Shopify subscription for a plan we do not have',
        )
    }
    // Only this shop's: an account with two stores has each one's subscription billed to it (its customer).
    // A frozen one (past_due) is not listed as active but keeps its plan to the end of the period paid for.
    const gone = await tx.subscription.findMany({
      where: {
        provider: 'shopify',
        providerCustomerId: shopDomain,
        status: 'active',
        currentKey: { not: null },
        providerSubscriptionId: { notIn: activeIds },
      },
      include: { plan: true },
    })
    for (const ended of gone) {
      if (!ended.providerSubscriptionId) continue
      await applyShopifySubscription(tx, {
        shopDomain,
        subscription: {
          id: ended.providerSubscriptionId,
          name: ended.plan.name,
          status: 'EXPIRED',
          createdAt: ended.startedAt,
          currentPeriodEnd: null,
        },
        syncedAt: readAt,
      })
    }
  })
  return { active: activeIds }
}

/** Whether the charge Shopify sent the merchant back with (charge_id) is the account's current subscription: approved and applied. */
export async function isCurrentShopifyCharge(
  database: Database,
  accountId: string,
  chargeId: string,
): Promise<boolean> {
  const current = await findCurrentSubscription(database.prisma, accountId)
  return (
    current?.provider === 'shopify' && current.providerSubscriptionId === `gid://shopify/AppSubscription/${chargeId}`
  )
}
