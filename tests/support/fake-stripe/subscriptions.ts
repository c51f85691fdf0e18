// The subscription a completed Checkout session starts: its items, metadata and first period.
import type Stripe from 'stripe'
import { addInterval } from './add-interval.ts'
import { newId, nowSeconds } from './ids.ts'
import type { FakeStripeState } from './state.ts'
import { subscriptionItem } from './subscription-items.ts'
import type { Wire } from './wire.ts'

export function createSubscription(
  state: FakeStripeState,
  session: Wire<Stripe.Checkout.Session>,
  customerId: string,
  status: 'active' | 'incomplete',
): Wire<Stripe.Subscription> {
  const details = state.checkoutDetails.get(session.id)
  if (!details) throw new Error(`checkout session ${session.id} has no line items`)
  const start = nowSeconds()
  const first = details.items[0]?.price.recurring
  const period = { start, end: addInterval(start, first?.interval ?? 'month', first?.interval_count ?? 1) }
  const id = newId('sub')
  const subscription: Wire<Stripe.Subscription> = {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: start,
    billing_cycle_anchor_config: null,
    billing_mode: { type: 'flexible', flexible: { proration_discounts: 'included' }, updated_at: start },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: start,
    currency: session.currency ?? 'usd',
    customer: customerId,
    customer_account: null,
    days_until_due: null,
    default_payment_method: status === 'active' ? newId('pm') : null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: { object: 'list', data: [], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: { ...details.subscriptionMetadata },
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status,
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: null,
  }
  subscription.items.data = details.items.map(({ price, quantity }) => subscriptionItem(id, price, quantity, period))
  state.subscriptions.set(id, subscription)
  return subscription
}
