import type { BillingProvider, PlanPrice, Prisma, SubscriptionStatus } from '../db/generated/prisma/client.ts'
import { isLive } from './account-standing.ts'

// Applying one provider subscription queues on this lock (two keys: namespace, provider subscription id).
const SUBSCRIPTION_LOCK_NAMESPACE = 7_234_017

/** A payment provider's subscription as we keep it, read from the provider at `syncedAt`. */
export interface ProviderSubscription {
  provider: Extract<BillingProvider, 'stripe' | 'shopify'>
  providerSubscriptionId: string
  providerCustomerId: string | null
  accountId: string
  price: PlanPrice
  status: SubscriptionStatus
  startedAt: Date
  currentPeriodStart: Date
  currentPeriodEnd: Date
  cancelAtPeriodEnd: boolean
  cancelledAt: Date | null
  endedAt: Date | null
  /** When the provider's copy was read (or, for a webhook that carries it, last changed): newer wins. */
  syncedAt: Date
}

export type AppliedSubscription = 'applied' | 'stale'

// How far along its life a status is: of two reads made at the same instant (a webhook's time is to the
// second), the one further along wins, so a pending word never undoes the activation it preceded.
const LIFE_STAGE: Record<SubscriptionStatus, number> = { incomplete: 0, trialing: 1, active: 1, past_due: 1, cancelled: 2, expired: 2 }

function isOlder(incoming: { status: SubscriptionStatus; syncedAt: Date }, applied: { status: SubscriptionStatus; syncedAt: Date }): boolean {
  const difference = incoming.syncedAt.getTime() - applied.syncedAt.getTime()
  return difference < 0 || (difference === 0 && LIFE_STAGE[incoming.status] < LIFE_STAGE[applied.status])
}

/**
 * Brings our copy of a provider's subscription in line with the provider's: status, plan, price and
 * period. A live one becomes the account's current subscription (the trial, a granted plan or an older
 * subscription it replaces ends now), unless the current one is a paid subscription that started after
 * it (a late word about a plan since replaced); an ended one stops being current. A read older than the
 * last one applied changes nothing: events arrive in any order, and two processes may apply the same
 * subscription at once (they queue on a transaction-level lock of it). Call inside a transaction.
 */
export async function applyProviderSubscription(tx: Prisma.TransactionClient, subscription: ProviderSubscription): Promise<AppliedSubscription> {
  const { accountId, price, providerSubscriptionId, syncedAt } = subscription
  await tx.$executeRaw`select pg_advisory_xact_lock(${SUBSCRIPTION_LOCK_NAMESPACE}::int, hashtext(${providerSubscriptionId}))`
  const existing = await tx.subscription.findUnique({ where: { providerSubscriptionId } })
  if (existing?.providerSyncedAt && isOlder(subscription, { status: existing.status, syncedAt: existing.providerSyncedAt })) return 'stale'
  const fields = {
    planId: price.planId,
    priceId: price.id,
    currency: price.currency,
    amountMinor: price.amountMinor,
    provider: subscription.provider,
    providerCustomerId: subscription.providerCustomerId,
    status: subscription.status,
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    cancelledAt: subscription.cancelledAt,
    endedAt: subscription.endedAt,
    providerSyncedAt: syncedAt,
  }
  let isCurrent = false
  if (isLive(subscription, syncedAt)) {
    const current = await tx.subscription.findUnique({ where: { currentKey: accountId } })
    const replacedLater = current !== null && current.providerSubscriptionId !== null && current.providerSubscriptionId !== providerSubscriptionId && current.startedAt > subscription.startedAt
    if (!replacedLater) {
      if (current && current.providerSubscriptionId !== providerSubscriptionId) await tx.subscription.update({ where: { id: current.id }, data: { currentKey: null, status: 'cancelled', endedAt: syncedAt } })
      isCurrent = true
    }
  }
  const currentKey = isCurrent ? accountId : null
  if (existing) await tx.subscription.update({ where: { id: existing.id }, data: { ...fields, currentKey } })
  else await tx.subscription.create({ data: { ...fields, accountId, providerSubscriptionId, startedAt: subscription.startedAt, currentKey } })
  return 'applied'
}
