// A Shopify app subscription (from the app_subscriptions/update webhook, billing.check or billing.cancel)
// applied to the shop account's subscriptions.
import type { Prisma, SubscriptionStatus } from '../../db/generated/prisma/client.ts'
import { applyProviderSubscription, type AppliedSubscription } from '../apply-provider-subscription.ts'
import { billingPeriodOf, UNTIL_PROVIDER_ENDS_IT } from '../billing-period.ts'
import { shopifyPriceOf } from './shopify-billing-plans.ts'

/** AppSubscriptionStatus (ACCEPTED is Shopify's old name for an approved one not yet active). */
export type ShopifySubscriptionStatus = 'ACTIVE' | 'ACCEPTED' | 'CANCELLED' | 'DECLINED' | 'EXPIRED' | 'FROZEN' | 'PENDING'

/**
 * Shopify's statuses as ours. FROZEN (the shop's own bill is unpaid) keeps the plan to the end of the
 * period paid for, as past_due does for a card; PENDING and DECLINED never gave access.
 */
const STATUS: Record<ShopifySubscriptionStatus, SubscriptionStatus> = {
  ACTIVE: 'active',
  ACCEPTED: 'incomplete',
  PENDING: 'incomplete',
  FROZEN: 'past_due',
  CANCELLED: 'cancelled',
  DECLINED: 'expired',
  EXPIRED: 'expired',
}

// An active Shopify subscription has no end of its own: Shopify renews it every 30 days until it says
// otherwise (a webhook, or billing.check finding it gone) and sends no word at a renewal, so its row runs
// UNTIL_PROVIDER_ENDS_IT, with usage periods monthly from its start.

export interface ShopifyAppSubscription {
  /** gid://shopify/AppSubscription/… */
  id: string
  /** The plan it was requested for: our plan's name. */
  name: string
  status: ShopifySubscriptionStatus
  createdAt: Date | null
}

export type AppliedShopifySubscription = AppliedSubscription | 'unknown-shop' | 'unknown-plan' | 'never-active'

/**
 * Brings the shop account's copy of one Shopify app subscription in line with what Shopify said at
 * `syncedAt` (a webhook's updated_at, or the moment billing.check or billing.cancel answered). An older
 * word than the one applied changes nothing; a pending or declined one we never saw active adds no row.
 */
export async function applyShopifySubscription(tx: Prisma.TransactionClient, { shopDomain, subscription, syncedAt }: { shopDomain: string; subscription: ShopifyAppSubscription; syncedAt: Date }): Promise<AppliedShopifySubscription> {
  const shop = await tx.shopifyShop.findUnique({ where: { shopDomain }, select: { accountId: true } })
  if (!shop) return 'unknown-shop'
  const plan = await tx.plan.findFirst({ where: { name: subscription.name }, orderBy: [{ isActive: 'desc' }, { id: 'asc' }], include: { prices: true } })
  const price = plan ? shopifyPriceOf(plan) : null
  if (!price) return 'unknown-plan'
  const existing = await tx.subscription.findUnique({ where: { providerSubscriptionId: subscription.id }, select: { currentPeriodStart: true } })
  const status = STATUS[subscription.status]
  if (!existing && (status === 'incomplete' || subscription.status === 'DECLINED')) return 'never-active'
  const startedAt = existing?.currentPeriodStart ?? subscription.createdAt ?? syncedAt
  const ended = status === 'cancelled' || status === 'expired'
  // Frozen: the plan holds to the end of the 30 days paid for, then lapses unless Shopify says ACTIVE again.
  const currentPeriodEnd = ended ? syncedAt : status === 'past_due' ? billingPeriodOf({ start: startedAt, end: UNTIL_PROVIDER_ENDS_IT }, syncedAt).end : UNTIL_PROVIDER_ENDS_IT
  return applyProviderSubscription(tx, {
    provider: 'shopify',
    providerSubscriptionId: subscription.id,
    providerCustomerId: shopDomain,
    accountId: shop.accountId,
    price,
    status,
    startedAt,
    currentPeriodStart: startedAt,
    currentPeriodEnd,
    cancelAtPeriodEnd: false,
    cancelledAt: status === 'cancelled' ? syncedAt : null,
    endedAt: ended ? syncedAt : null,
    syncedAt,
  })
}
