// A Shopify app subscription (from the app_subscriptions/update webhook, billing.check or billing.cancel)
// applied to the shop account's subscriptions.
import type { Prisma, SubscriptionStatus } from '../../db/generated/prisma/client.ts'
import { applyProviderSubscription, type AppliedSubscription } from '../apply-provider-subscription.ts'
import { UNTIL_PROVIDER_ENDS_IT } from '../billing-period.ts'
import { shopifyPriceOf } from './shopify-billing-plans.ts'

/** AppSubscriptionStatus (ACCEPTED is Shopify's old name for an approved one not yet active). */
type ShopifySubscriptionStatus = 'ACTIVE' | 'ACCEPTED' | 'CANCELLED' | 'DECLINED' | 'EXPIRED' | 'FROZEN' | 'PENDING'

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
  /** The end of the 30 days being paid for, when Shopify said (billing.check and billing.cancel do; webhooks do not). */
  currentPeriodEnd: Date | null
}

const SHOPIFY_CYCLE_MS = 30 * 86_400_000

/** The end of the 30-day cycle Shopify bills that holds the moment, counted from the subscription's start. */
function cycleEndOf(start: Date, moment: Date): Date {
  const cycles = Math.max(1, Math.ceil((moment.getTime() - start.getTime()) / SHOPIFY_CYCLE_MS))
  return new Date(start.getTime() + cycles * SHOPIFY_CYCLE_MS)
}

export type AppliedShopifySubscription =
  AppliedSubscription['outcome'] | 'unknown-shop' | 'unknown-plan' | 'never-active' | 'shop-uninstalled'

/**
 * Brings the shop account's copy of one Shopify app subscription in line with what Shopify said at
 * `syncedAt` (a webhook's updated_at, or the moment billing.check or billing.cancel answered). An older
 * word than the one applied changes nothing; one we never saw live adds no row, and none is live for a
 * shop that uninstalled the app.
 */
export async function applyShopifySubscription(
  tx: Prisma.TransactionClient,
  { shopDomain, subscription, syncedAt }: { shopDomain: string; subscription: ShopifyAppSubscription; syncedAt: Date },
): Promise<AppliedShopifySubscription> {
  const shop = await tx.shopifyShop.findUnique({
    where: { shopDomain },
    select: { accountId: true, uninstalledAt: true },
  })
  if (!shop) return 'unknown-shop'
  const status = STATUS[subscription.status]
  const ended = status === 'cancelled' || status === 'expired'
  // Shopify ends an app's charges at uninstall: a late word that one is live gives nothing (a reinstall clears this).
  if (shop.uninstalledAt && !ended) return 'shop-uninstalled'
  const existing = await tx.subscription.findUnique({
    where: { providerSubscriptionId: subscription.id },
    include: { price: true },
  })
  // Only a live subscription starts a row: a pending, declined or ended one we never held adds nothing.
  if (!existing && status !== 'active' && status !== 'past_due') return 'never-active'
  // A subscription we hold keeps the plan and price it was approved at, whatever the catalogue has since
  // renamed or withdrawn; only a new one is placed by its plan's name.
  const plan = existing
    ? null
    : await tx.plan.findFirst({
        where: { name: subscription.name },
        orderBy: [{ isActive: 'desc' }, { id: 'asc' }],
        include: { prices: true },
      })
  const price = existing?.price ?? (plan ? shopifyPriceOf(plan) : null)
  if (!price) return 'unknown-plan'
  const startedAt = existing?.currentPeriodStart ?? subscription.createdAt ?? syncedAt
  // Frozen: the plan holds to the end of the 30 days paid for (as Shopify says, or as first worked out),
  // then lapses unless Shopify says ACTIVE again.
  const frozenUntil =
    existing?.status === 'past_due'
      ? existing.currentPeriodEnd
      : (subscription.currentPeriodEnd ?? cycleEndOf(startedAt, syncedAt))
  const currentPeriodEnd = ended ? syncedAt : status === 'past_due' ? frozenUntil : UNTIL_PROVIDER_ENDS_IT
  // Shopify ends the subscription a newly approved one replaces on its own: nothing to ask it.
  const { outcome } = await applyProviderSubscription(tx, {
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
  return outcome
}
