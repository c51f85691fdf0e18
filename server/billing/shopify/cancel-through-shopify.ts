import { AppError } from '../../errors/app-error.ts'
import { findCurrentSubscription, isLive } from '../account-standing.ts'
import { applyShopifySubscription } from './apply-shopify-subscription.ts'
import { fromLibrarySubscription, type ShopBilling } from './shopify-billing-calls.ts'

const NO_SHOPIFY_SUBSCRIPTION = 'This store has no subscription billed through Shopify to cancel.'

/**
 * Cancels the shop account's Shopify subscription with billing.cancel (now, with a prorated credit for
 * the unused days, as Shopify does), and applies Shopify's answer: the plan ends at once. Answers the
 * plan that ended, for the screen to say so.
 */
export async function cancelThroughShopify(
  shopBilling: ShopBilling,
  { accountId }: { accountId: string },
): Promise<{ planName: string }> {
  const { database, billing, isTest, shopDomain } = shopBilling
  const current = await findCurrentSubscription(database.prisma, accountId)
  const billedToThisShop =
    current?.provider === 'shopify' && current.providerCustomerId === shopDomain && current.providerSubscriptionId
  if (!current?.providerSubscriptionId || !billedToThisShop || !isLive(current, new Date()))
    throw new AppError('CONFLICT', NO_SHOPIFY_SUBSCRIPTION)
  const answered = await billing.cancel({ subscriptionId: current.providerSubscriptionId, isTest, prorate: true })
  // Shopify's answer is newer than anything applied before it, even a webhook stamped by a clock ahead of ours.
  const syncedAt = new Date(Math.max(Date.now(), (current.providerSyncedAt?.getTime() ?? 0) + 1))
  await database.prisma.$transaction((tx) =>
    applyShopifySubscription(tx, { shopDomain, subscription: fromLibrarySubscription(answered), syncedAt }),
  )
  return { planName: current.plan.name }
}
