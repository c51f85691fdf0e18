// The durable job that cancels at Stripe a subscription another one replaced (two checkouts paid, say),
// so the customer is not billed twice. It is queued in the transaction that applied the replacement, so a
// crash or a Stripe outage between the two cannot lose it; it retries until Stripe confirms.
import Stripe from 'stripe'
import { z } from 'zod'
import type { Prisma } from '../../db/generated/prisma/client.ts'
import type { JobHandler } from '../../jobs/job-handler.ts'
import { defineJobKind, enqueueJobOf, handlerOf } from '../../jobs/job-kind.ts'
import type { Logger } from '../../logging/create-logger.ts'

const END_REPLACED_STRIPE_SUBSCRIPTION = defineJobKind({
  kind: 'stripe-end-replaced-subscription',
  payload: z.object({ subscriptionId: z.string().min(1).max(255) }),
  maxAttempts: 10,
})

/** Queues the cancel, once while one is pending (the caller holds the account's subscriptions lock). */
export async function queueEndOfReplacedStripeSubscription(
  tx: Prisma.TransactionClient,
  { accountId, subscriptionId }: { accountId: string; subscriptionId: string },
): Promise<void> {
  // The job's subject is our copy of the subscription (job subjects are our ids).
  const row = await tx.subscription.findUnique({
    where: { providerSubscriptionId: subscriptionId },
    select: { id: true },
  })
  const pending = row
    ? await tx.job.findFirst({
        where: {
          kind: END_REPLACED_STRIPE_SUBSCRIPTION.kind,
          subjectId: row.id,
          status: { in: ['queued', 'running'] },
        },
        select: { id: true },
      })
    : null
  if (pending) return
  await enqueueJobOf(tx, END_REPLACED_STRIPE_SUBSCRIPTION, {
    accountId,
    subjectType: 'subscription',
    subjectId: row?.id,
    payload: { subscriptionId },
  })
}

/** Whether Stripe has already ended it (or no longer has it): nothing is left to bill. */
async function alreadyEnded(stripe: Stripe, subscriptionId: string): Promise<boolean> {
  try {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId)
    return subscription.status === 'canceled' || subscription.status === 'incomplete_expired'
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return true
    throw error
  }
}

/**
 * Cancels the replaced subscription now, prorated (its unused time becomes a credit on the customer's
 * next Stripe invoice). One Stripe already ended is left as it is; any other failure is retried.
 */
async function endReplacedStripeSubscription(
  { stripe, logger }: { stripe: Stripe; logger: Logger },
  subscriptionId: string,
): Promise<{ cancelled: boolean }> {
  if (await alreadyEnded(stripe, subscriptionId)) return { cancelled: false }
  await stripe.subscriptions.cancel(subscriptionId, { prorate: true })
  logger.info({ subscriptionId }, 'a replaced Stripe subscription cancelled')
  return { cancelled: true }
}

/** The Stripe jobs' handlers, to register with the worker (none without Stripe). */
export function stripeJobHandlersFor(stripe: Stripe | null, logger: Logger): Record<string, JobHandler> {
  if (!stripe) return {}
  return {
    [END_REPLACED_STRIPE_SUBSCRIPTION.kind]: handlerOf(END_REPLACED_STRIPE_SUBSCRIPTION, {
      run: ({ payload }) => endReplacedStripeSubscription({ stripe, logger }, payload.subscriptionId),
      onFinalFailure: async ({ subscriptionId }, reason) =>
        logger.error(
          { subscriptionId, reason },
          'a replaced Stripe subscription could not be cancelled at Stripe: cancel it in the Stripe dashboard',
        ),
    }),
  }
}
