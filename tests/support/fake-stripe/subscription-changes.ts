// POST and DELETE /v1/subscriptions/:id: cancelling at period end or now, changing items and metadata.
import type Stripe from 'stripe'
import { invalid, missing, parameterMissing } from './errors.ts'
import { changedFields, createEvent } from './events.ts'
import { listOf, mergeMetadata, objectOf, textOf } from './form-params.ts'
import { nowSeconds } from './ids.ts'
import { requireObject, type FakeStripeState } from './state.ts'
import { periodOf, planOf, subscriptionItem } from './subscription-items.ts'
import type { FormParams, RequestOrigin, Wire } from './wire.ts'

const CANCELED_ONLY_METADATA = 'A canceled subscription can only update its cancellation_details and metadata.'

export function updateSubscription(
  state: FakeStripeState,
  subscription: Wire<Stripe.Subscription>,
  params: FormParams,
  request: RequestOrigin,
) {
  const changesOtherThanMetadata = Object.keys(params).some(
    (key) => !['metadata', 'cancellation_details', 'expand'].includes(key),
  )
  if (subscription.status === 'canceled' && changesOtherThanMetadata) throw invalid(CANCELED_ONLY_METADATA)
  const before = structuredClone(subscription)
  const cancelAtPeriodEnd = textOf(params.cancel_at_period_end)
  if (cancelAtPeriodEnd !== undefined) {
    const cancelling = cancelAtPeriodEnd === 'true'
    subscription.cancel_at_period_end = cancelling
    subscription.cancel_at = cancelling ? periodOf(subscription).end : null
    subscription.canceled_at = cancelling ? nowSeconds() : null
    subscription.cancellation_details = {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: cancelling ? 'cancellation_requested' : null,
    }
  }
  listOf(params.items)
    .map(objectOf)
    .forEach((change, index) => {
      const itemId = textOf(change.id)
      const existing = itemId ? subscription.items.data.find((item) => item.id === itemId) : undefined
      if (itemId && !existing) throw missing('subscription_item', itemId, `items[${index}][id]`)
      if (existing && textOf(change.deleted) === 'true') {
        subscription.items.data = subscription.items.data.filter((item) => item !== existing)
        return
      }
      const priceId = textOf(change.price)
      const price = priceId ? requireObject(state.prices, 'price', priceId, `items[${index}][price]`) : existing?.price
      if (!price) throw parameterMissing(`items[${index}][price]`)
      const quantity = Number(textOf(change.quantity) ?? existing?.quantity ?? 1)
      if (existing) Object.assign(existing, { price, plan: planOf(price), quantity })
      else subscription.items.data.push(subscriptionItem(subscription.id, price, quantity, periodOf(subscription)))
    })
  subscription.metadata = mergeMetadata(subscription.metadata, params.metadata)
  const previousAttributes = changedFields(before, subscription)
  if (Object.keys(previousAttributes).length > 0)
    createEvent(state, 'customer.subscription.updated', subscription, { previousAttributes, request })
  return subscription
}

/** DELETE /v1/subscriptions/:id: the subscription ends now, at the customer's request. */
export function deleteSubscription(
  state: FakeStripeState,
  subscription: Wire<Stripe.Subscription>,
  request: RequestOrigin,
) {
  if (subscription.status === 'canceled') throw invalid(CANCELED_ONLY_METADATA)
  cancelSubscription(state, subscription, 'cancellation_requested', request)
  return subscription
}

export function cancelSubscription(
  state: FakeStripeState,
  subscription: Wire<Stripe.Subscription>,
  reason: 'cancellation_requested' | 'payment_failed',
  request?: RequestOrigin,
) {
  const now = nowSeconds()
  subscription.status = 'canceled'
  subscription.canceled_at ??= now
  subscription.ended_at = now
  subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason }
  return createEvent(state, 'customer.subscription.deleted', subscription, request ? { request } : {})
}
