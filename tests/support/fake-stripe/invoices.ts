// A subscription's invoice, paid or left open, for its first period or a renewal.
import type Stripe from 'stripe'
import { addInterval } from './add-interval.ts'
import { newId, nowSeconds } from './ids.ts'
import type { FakeStripeState } from './state.ts'
import type { Wire } from './wire.ts'

export function createInvoice(
  state: FakeStripeState,
  subscription: Wire<Stripe.Subscription>,
  options: { reason: 'subscription_create' | 'subscription_cycle'; paid: boolean },
): Wire<Stripe.Invoice> {
  const { baseUrl } = state
  const customerId = String(subscription.customer)
  const customer = state.customers.get(customerId)
  const created = nowSeconds()
  const id = newId('in')
  const total = subscription.items.data.reduce(
    (sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
    0,
  )
  const invoice: Wire<Stripe.Invoice> = {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'AgentDesk (fake Stripe)',
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: options.paid ? total : 0,
    amount_remaining: options.paid ? 0 : total,
    amount_shipping: 0,
    application: null,
    attempt_count: 1,
    attempted: true,
    auto_advance: !options.paid,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: options.reason,
    collection_method: 'charge_automatically',
    created,
    currency: subscription.currency,
    custom_fields: null,
    customer: customerId,
    customer_account: null,
    customer_address: null,
    customer_email: customer?.email ?? null,
    customer_name: customer?.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: created,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `${baseUrl}/invoices/${id}`,
    invoice_pdf: `${baseUrl}/invoices/${id}/pdf`,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: 'list',
      data: subscription.items.data.map((item) => ({
        id: newId('il'),
        object: 'line_item',
        amount: (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
        currency: item.price.currency,
        description: `${item.quantity ?? 1} × ${state.products.get(String(item.price.product))?.name ?? 'Product'}`,
        discount_amounts: [],
        discountable: true,
        discounts: [],
        invoice: id,
        livemode: false,
        metadata: {},
        parent: {
          type: 'subscription_item_details',
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: false,
            proration_details: { credited_items: null },
            subscription: subscription.id,
            subscription_item: item.id,
          },
        },
        period: { start: item.current_period_start, end: item.current_period_end },
        pretax_credit_amounts: [],
        pricing: {
          type: 'price_details',
          price_details: { price: item.price.id, product: String(item.price.product) },
          unit_amount_decimal: item.price.unit_amount_decimal,
        },
        quantity: item.quantity ?? 1,
        quantity_decimal: String(item.quantity ?? 1),
        subscription: subscription.id,
        subtotal: (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
        taxes: [],
      })),
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: options.paid ? null : addInterval(created, 'day', 3),
    number: `${customer?.invoice_prefix ?? 'FAKE'}-${String(customer?.next_invoice_sequence ?? 1).padStart(4, '0')}`,
    on_behalf_of: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: created,
    period_start: created,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: options.paid ? 'paid' : 'open',
    status_transitions: {
      finalized_at: created,
      marked_uncollectible_at: null,
      paid_at: options.paid ? created : null,
      voided_at: null,
    },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: created,
  }
  if (customer?.next_invoice_sequence !== undefined) customer.next_invoice_sequence += 1
  state.invoices.set(id, invoice)
  subscription.latest_invoice = id
  return invoice
}
