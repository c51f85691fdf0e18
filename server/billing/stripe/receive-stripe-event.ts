import Stripe from 'stripe'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import type { Logger } from '../../logging/create-logger.ts'
import { readDatabaseClock } from '../../db/read-database-clock.ts'
import { applyStripeSubscription } from './apply-stripe-subscription.ts'
import { readSignedStripeEvent } from './read-signed-stripe-event.ts'

export interface StripeWebhook {
  database: Database
  stripe: Stripe
  webhookSecret: string
  logger: Logger
}

/** Stripe's subscription and the moment it was read, by the database's clock; null when Stripe has none by that id. */
async function readBack(database: Database, stripe: Stripe, subscriptionId: string) {
  try {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId)
    return { subscription, readAt: await readDatabaseClock(database) }
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null
    // Stripe answers the webhook again later; until then nothing is recorded.
    throw error instanceof Stripe.errors.StripeError
      ? new AppError('UPSTREAM_FAILED', 'Stripe could not be read back; send the event again.')
      : error
  }
}

/**
 * POST /plans/webhook/: an event Stripe signed (readSignedStripeEvent: a bad or missing signature, or one
 * dated more than 5 minutes from now, is refused with 400 and changes nothing). A signed event we cannot
 * read (not JSON, no id, a handled type without the subscription it should carry) is logged and
 * acknowledged: sending the same bytes again could never help, and Stripe turns off an endpoint that keeps
 * failing. Whatever a readable event says, the subscription it is about is read again from Stripe and
 * applied (applyStripeSubscription), so events in any order converge on Stripe's truth; the event id is
 * recorded in the same transaction, so a repeat, on this process or another, changes nothing. An event
 * of a type we do not handle, for an account we do not know, or for a subscription Stripe no longer has,
 * is logged and acknowledged. A Stripe subscription that stops being the plan is cancelled at Stripe by a
 * durable job queued with the change.
 */
export async function receiveStripeEvent(
  { database, stripe, webhookSecret, logger }: StripeWebhook,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate?: true; ignored?: true }> {
  const signed = readSignedStripeEvent({ stripe, webhookSecret, rawBody, signature })
  if (!signed.isReadable) {
    const { id, type, problems } = signed
    logger.warn({ eventId: id, type, problems }, 'a signed Stripe event we cannot read, acknowledged and ignored')
    return { received: true, ignored: true }
  }
  const { event } = signed
  if (await database.prisma.providerEvent.findUnique({ where: { id: event.id }, select: { id: true } }))
    return { received: true, duplicate: true }
  const { subscriptionId } = event
  const read = subscriptionId ? await readBack(database, stripe, subscriptionId) : null
  const applied = await database.prisma.$transaction(async (tx) => {
    const { count } = await tx.providerEvent.createMany({
      data: [{ id: event.id, provider: 'stripe', type: event.type }],
      skipDuplicates: true,
    })
    if (count === 0) return { outcome: 'duplicate' as const, replaced: null }
    if (!read) return { outcome: subscriptionId ? ('missing' as const) : ('ignored' as const), replaced: null }
    return applyStripeSubscription(tx, read.subscription, read.readAt)
  })
  const { outcome } = applied
  if (outcome === 'duplicate') return { received: true, duplicate: true }
  if (outcome === 'unknown-account' || outcome === 'unknown-price' || outcome === 'missing')
    logger.warn(
      { eventId: event.id, type: event.type, subscriptionId, outcome },
      'a Stripe event for a subscription we cannot place',
    )
  else logger.info({ eventId: event.id, type: event.type, subscriptionId, outcome }, 'Stripe event applied')
  return { received: true }
}
