import Stripe from 'stripe'
import type { Logger } from '../../logging/create-logger.ts'
import type { ReplacedSubscription } from '../apply-provider-subscription.ts'

/**
 * Cancels at Stripe a subscription that another one replaced as the account's current one (two
 * checkouts paid one after the other), so the customer is not billed twice: now, with the unused time
 * credited to the customer's balance. One that Stripe already ended is left as it is. A failure is
 * logged, not thrown: the replacement is applied, and the old subscription's own events still reach us.
 */
export async function endReplacedStripeSubscription(
  { stripe, logger }: { stripe: Stripe; logger: Logger },
  replaced: ReplacedSubscription | null,
): Promise<void> {
  if (replaced?.provider !== 'stripe') return
  try {
    await stripe.subscriptions.cancel(replaced.providerSubscriptionId, { prorate: true })
    logger.info({ subscriptionId: replaced.providerSubscriptionId }, 'a replaced Stripe subscription cancelled')
  } catch (error) {
    // Already ended at Stripe (gone, or cancelled by then): nothing left to bill.
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      logger.warn(
        { subscriptionId: replaced.providerSubscriptionId, code: error.code },
        'a replaced Stripe subscription was already ended',
      )
      return
    }
    logger.error(
      { err: error, subscriptionId: replaced.providerSubscriptionId },
      'a replaced Stripe subscription could not be cancelled at Stripe: cancel it in the Stripe dashboard',
    )
  }
}
