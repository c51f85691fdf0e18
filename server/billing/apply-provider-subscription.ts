import type { BillingProvider, PlanPrice, Prisma, SubscriptionStatus } from '../db/generated/prisma/client.ts'
import { isLive } from './account-standing.ts'

// Applying a provider subscription queues on its account's lock (two keys: namespace, account): two
// subscriptions of one account applied at once (a plan change's new and old) never race for current_key.
const ACCOUNT_SUBSCRIPTIONS_LOCK_NAMESPACE = 7_234_017

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

/** A live subscription this one replaced as the account's current one: ended here, and by its provider too. */
interface ReplacedSubscription {
  provider: BillingProvider
  providerSubscriptionId: string
}

export type AppliedSubscription =
  { outcome: 'applied'; replaced: ReplacedSubscription | null } | { outcome: 'stale'; replaced: null }

// How far along its life a status is: of two reads that cannot be told apart in time (a Shopify webhook's
// time is to the second), the one further along wins, so a pending word never undoes the activation it
// preceded.
const LIFE_STAGE: Record<SubscriptionStatus, number> = {
  incomplete: 0,
  trialing: 1,
  active: 1,
  past_due: 1,
  cancelled: 2,
  expired: 2,
}

// How finely each provider's reads are timed: Shopify stamps its words to the second (a webhook's
// updated_at), while a Stripe read is timed by the database's clock to the millisecond (receiveStripeEvent).
const PRECISION_MS: Record<ProviderSubscription['provider'], number> = { shopify: 1000, stripe: 1 }

function isOlder(
  incoming: Pick<ProviderSubscription, 'provider' | 'status' | 'syncedAt'>,
  applied: { status: SubscriptionStatus; syncedAt: Date },
): boolean {
  const tick = PRECISION_MS[incoming.provider]
  const difference = Math.floor(incoming.syncedAt.getTime() / tick) - Math.floor(applied.syncedAt.getTime() / tick)
  return difference < 0 || (difference === 0 && LIFE_STAGE[incoming.status] < LIFE_STAGE[applied.status])
}

/**
 * Of two live paid subscriptions of one account, the one the customer started last is the plan (a tie,
 * two started in the same second, goes to the larger id): the same answer whatever order their events
 * come in, so two processes never each keep a different one.
 */
function startedLater(
  incoming: { startedAt: Date; providerSubscriptionId: string },
  current: { startedAt: Date; providerSubscriptionId: string },
): boolean {
  const difference = incoming.startedAt.getTime() - current.startedAt.getTime()
  return difference > 0 || (difference === 0 && incoming.providerSubscriptionId > current.providerSubscriptionId)
}

/**
 * Brings our copy of a provider's subscription in line with the provider's: status, plan, price and
 * period. A live one becomes the account's current subscription (a trial or a granted plan it replaces
 * ends now), unless the current one is another paid subscription started later. Of two live paid ones,
 * the one started earlier is returned as `replaced` (ended here, to be ended at its provider too), so the
 * customer never pays for both. An ended one stops being current. A read older than the last one applied
 * changes nothing: events arrive in any order, and two processes may apply them at once (they queue on a
 * transaction-level lock of the account). The amount charged is kept while the price stays the same (the
 * provider keeps charging what was agreed). Call inside a transaction.
 */
export async function applyProviderSubscription(
  tx: Prisma.TransactionClient,
  subscription: ProviderSubscription,
): Promise<AppliedSubscription> {
  const { accountId, price, providerSubscriptionId, syncedAt } = subscription
  await tx.$executeRaw`select pg_advisory_xact_lock(${ACCOUNT_SUBSCRIPTIONS_LOCK_NAMESPACE}::int, hashtext(${accountId}))`
  const existing = await tx.subscription.findUnique({ where: { providerSubscriptionId } })
  if (
    existing?.providerSyncedAt &&
    isOlder(subscription, { status: existing.status, syncedAt: existing.providerSyncedAt })
  )
    return { outcome: 'stale', replaced: null }
  const fields = {
    planId: price.planId,
    priceId: price.id,
    ...(existing && existing.priceId === price.id ? {} : { currency: price.currency, amountMinor: price.amountMinor }),
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
  let replaced: ReplacedSubscription | null = null
  if (isLive(subscription, syncedAt)) {
    const current = await tx.subscription.findUnique({ where: { currentKey: accountId } })
    const rival =
      current?.providerSubscriptionId && current.providerSubscriptionId !== providerSubscriptionId
        ? { ...current, providerSubscriptionId: current.providerSubscriptionId }
        : null
    const startedAt = existing?.startedAt ?? subscription.startedAt
    if (rival && !startedLater({ startedAt, providerSubscriptionId }, rival)) {
      // The current one was started later: this one is the replaced one, still live at its provider.
      replaced = { provider: subscription.provider, providerSubscriptionId }
    } else {
      if (current && current.providerSubscriptionId !== providerSubscriptionId) {
        await tx.subscription.update({
          where: { id: current.id },
          data: { currentKey: null, status: 'cancelled', endedAt: syncedAt },
        })
        if (rival && isLive(rival, syncedAt))
          replaced = { provider: rival.provider, providerSubscriptionId: rival.providerSubscriptionId }
      }
      isCurrent = true
    }
  }
  const currentKey = isCurrent ? accountId : null
  if (existing) await tx.subscription.update({ where: { id: existing.id }, data: { ...fields, currentKey } })
  else
    await tx.subscription.create({
      data: { ...fields, accountId, providerSubscriptionId, startedAt: subscription.startedAt, currentKey },
    })
  return { outcome: 'applied', replaced }
}
