import { isId } from '../../shared/ids.schemas.ts'
import type { Actor } from '../accounts/actor.ts'
import { AppError } from '../errors/app-error.ts'
import { readDatabaseClock } from '../db/read-database-clock.ts'
import { isLive } from './account-standing.ts'
import { billingPeriodOf } from './billing-period.ts'
import { askStripe, MANAGED_IN_SHOPIFY, PAYMENTS_NOT_SET_UP, type PaymentServices } from './checkout.ts'
import { applyStripeSubscription } from './stripe/apply-stripe-subscription.ts'
import { readAccountUsage } from './read-account-usage.ts'
import { BILLING_MESSAGES } from './read-subscription.ts'
import { toSubscriptionView } from './subscription-view.ts'

const ALREADY_ENDED = 'This subscription has already ended.'

/**
 * Cancels one of the account's subscriptions: now (immediate), or at the end of its current billing
 * period, which it keeps until then. A trial or a plan the operator granted ends here; one Stripe bills is
 * cancelled at Stripe, and our copy changes only as Stripe answers (cancelAtStripe); one Shopify bills is
 * cancelled in the Shopify admin.
 */
export async function cancelSubscription(
  { database, plans, stripe }: PaymentServices,
  actor: Actor,
  { subscription_id, immediate }: { subscription_id: string; immediate: boolean },
) {
  const subscription = isId(subscription_id)
    ? await database.prisma.subscription.findFirst({
        where: { id: subscription_id, accountId: actor.userId },
        include: { plan: true },
      })
    : null
  if (!subscription) throw new AppError('NOT_FOUND', BILLING_MESSAGES.notFound)
  const moment = plans.now()
  if (!isLive(subscription, moment)) throw new AppError('CONFLICT', ALREADY_ENDED)
  if (subscription.provider === 'shopify') throw new AppError('CONFLICT', MANAGED_IN_SHOPIFY, { managed_by: 'shopify' })
  if (subscription.provider === 'stripe' || subscription.provider === 'paypal') {
    if (!stripe || subscription.provider !== 'stripe' || !subscription.providerSubscriptionId)
      throw new AppError('SERVICE_UNAVAILABLE', PAYMENTS_NOT_SET_UP)
    const providerId = subscription.providerSubscriptionId
    const answered = await askStripe(() =>
      immediate
        ? stripe.subscriptions.cancel(providerId)
        : stripe.subscriptions.update(providerId, { cancel_at_period_end: true }),
    )
    const readAt = await readDatabaseClock(database)
    await database.prisma.$transaction((tx) => applyStripeSubscription(tx, answered, readAt))
    return viewAfterCancel({ database, plans }, { actor, subscriptionId: subscription.id, immediate })
  }
  const change = immediate
    ? { status: 'cancelled' as const, cancelledAt: moment, endedAt: moment, cancelAtPeriodEnd: false, currentKey: null }
    : {
        cancelAtPeriodEnd: true,
        cancelledAt: subscription.cancelledAt ?? moment,
        currentPeriodEnd: billingPeriodOf(
          { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd },
          moment,
        ).end,
      }
  // Only while it is still the same live subscription: a cancel racing another change does nothing twice.
  const { count } = await database.prisma.subscription.updateMany({
    where: { id: subscription.id, status: subscription.status, currentKey: actor.userId },
    data: change,
  })
  if (count === 0) throw new AppError('CONFLICT', ALREADY_ENDED)
  return viewAfterCancel({ database, plans }, { actor, subscriptionId: subscription.id, immediate })
}

interface ViewAfterCancelOptions {
  actor: Actor
  subscriptionId: string
  immediate: boolean
}

/** The cancelled subscription as it now stands, and whether it ended now (else at its period's end). */
async function viewAfterCancel(
  { database, plans }: Pick<PaymentServices, 'database' | 'plans'>,
  { actor, subscriptionId, immediate }: ViewAfterCancelOptions,
) {
  const updated = await database.prisma.subscription.findUniqueOrThrow({
    where: { id: subscriptionId },
    include: { plan: true },
  })
  const standing = await plans.standingOf(actor.userId)
  const view = toSubscriptionView({
    subscription: updated,
    usage: await readAccountUsage(database.prisma, actor.userId, standing.period),
    mode: plans.mode,
    moment: standing.moment,
  })
  return { immediate, endsAt: updated.currentPeriodEnd, subscription: view }
}
