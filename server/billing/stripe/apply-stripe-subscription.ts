import type Stripe from 'stripe'
import type { Prisma, SubscriptionStatus } from '../../db/generated/prisma/client.ts'
import { applyProviderSubscription, type AppliedSubscription } from '../apply-provider-subscription.ts'
import { queueEndOfReplacedStripeSubscription } from './end-replaced-stripe-subscription-job.ts'

// Stripe's statuses as ours: what gives access (active, past_due while Stripe retries) and what does not.
const STATUS: Record<Stripe.Subscription.Status, SubscriptionStatus> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  incomplete: 'incomplete',
  incomplete_expired: 'expired',
  unpaid: 'expired',
  canceled: 'cancelled',
  paused: 'expired',
}

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null)

/** Whose subscription it is: the account in its metadata, or the one whose Stripe Customer it bills. */
async function accountOf(tx: Prisma.TransactionClient, subscription: Stripe.Subscription): Promise<string | null> {
  const customerId = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id
  const byCustomer = await tx.user.findUnique({ where: { stripeCustomerId: customerId }, select: { id: true } })
  if (byCustomer) return byCustomer.id
  const named = subscription.metadata?.account_id
  return named ? ((await tx.user.findUnique({ where: { id: named }, select: { id: true } }))?.id ?? null) : null
}

/** Which of our prices it bills: by the Stripe Price id we stored, else by its lookup key's number. */
async function priceOf(tx: Prisma.TransactionClient, subscription: Stripe.Subscription) {
  const stripePrice = subscription.items.data[0]?.price
  if (!stripePrice) return null
  const stored = await tx.planPrice.findUnique({ where: { providerPriceId: stripePrice.id } })
  if (stored) return stored
  const fromKey = /^agentdesk_price_(\d+)$/.exec(stripePrice.lookup_key ?? '')?.[1]
  return fromKey ? tx.planPrice.findUnique({ where: { id: Number(fromKey) } }) : null
}

export type AppliedStripeSubscription =
  AppliedSubscription | { outcome: 'unknown-account' | 'unknown-price'; replaced: null }

/**
 * Brings our copy of a Stripe subscription in line with Stripe's, read from Stripe at `readAt` by the
 * database's clock (applyProviderSubscription: a live one becomes current, an older read changes
 * nothing). A live Stripe subscription that is not the plan any more (two checkouts paid) is queued, in
 * the same transaction, to be cancelled at Stripe.
 */
export async function applyStripeSubscription(
  tx: Prisma.TransactionClient,
  subscription: Stripe.Subscription,
  readAt: Date,
): Promise<AppliedStripeSubscription> {
  const accountId = await accountOf(tx, subscription)
  if (!accountId) return { outcome: 'unknown-account', replaced: null }
  const price = await priceOf(tx, subscription)
  if (!price) return { outcome: 'unknown-price', replaced: null }
  const item = subscription.items.data[0]
  const applied = await applyProviderSubscription(tx, {
    provider: 'stripe',
    providerSubscriptionId: subscription.id,
    providerCustomerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    accountId,
    price,
    status: STATUS[subscription.status] ?? 'expired',
    startedAt: fromUnix(subscription.start_date) ?? readAt,
    currentPeriodStart: fromUnix(item?.current_period_start) ?? readAt,
    currentPeriodEnd: fromUnix(item?.current_period_end) ?? readAt,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelledAt: fromUnix(subscription.canceled_at),
    endedAt: fromUnix(subscription.ended_at),
    syncedAt: readAt,
  })
  if (applied.replaced?.provider === 'stripe')
    await queueEndOfReplacedStripeSubscription(tx, {
      accountId,
      subscriptionId: applied.replaced.providerSubscriptionId,
    })
  return applied
}
