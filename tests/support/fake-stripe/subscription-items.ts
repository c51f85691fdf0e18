// A subscription's items: the price each bills, as a legacy plan too, and the period they share.
import type Stripe from 'stripe'
import { newId, nowSeconds } from './ids.ts'
import type { Wire } from './wire.ts'

export const planOf = (price: Wire<Stripe.Price>): Wire<Stripe.Plan> => ({
  id: price.id,
  object: 'plan',
  active: price.active,
  amount: price.unit_amount,
  amount_decimal: price.unit_amount_decimal,
  billing_scheme: 'per_unit',
  created: price.created,
  currency: price.currency,
  interval: price.recurring?.interval ?? 'month',
  interval_count: price.recurring?.interval_count ?? 1,
  livemode: false,
  metadata: price.metadata,
  meter: null,
  nickname: price.nickname,
  product: price.product,
  tiers_mode: null,
  transform_usage: null,
  trial_period_days: null,
  usage_type: 'licensed',
})

export function subscriptionItem(
  subscriptionId: string,
  price: Wire<Stripe.Price>,
  quantity: number,
  period: { start: number; end: number },
): Wire<Stripe.SubscriptionItem> {
  return {
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: nowSeconds(),
    current_period_end: period.end,
    current_period_start: period.start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price,
    quantity,
    subscription: subscriptionId,
    tax_rates: [],
  }
}

export const periodOf = (subscription: Wire<Stripe.Subscription>) => {
  const item = subscription.items.data[0]
  if (!item) throw new Error(`subscription ${subscription.id} has no items`)
  return {
    start: item.current_period_start,
    end: item.current_period_end,
    interval: item.price.recurring?.interval ?? 'month',
    count: item.price.recurring?.interval_count ?? 1,
  }
}
