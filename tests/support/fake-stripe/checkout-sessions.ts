// POST /v1/checkout/sessions: a hosted Checkout page for line items; paying it is a test-side control.
import type Stripe from 'stripe'
import { invalid, parameterMissing } from './errors.ts'
import { listOf, mergeMetadata, objectOf, required, textOf } from './form-params.ts'
import { newId, nowSeconds } from './ids.ts'
import { requireObject, type FakeStripeState } from './state.ts'
import type { FormParams, Wire } from './wire.ts'

export function createCheckoutSession(state: FakeStripeState, params: FormParams): Wire<Stripe.Checkout.Session> {
  const mode = required(params, 'mode')
  const customerId = textOf(params.customer) ?? null
  if (customerId) requireObject(state.customers, 'customer', customerId, 'customer')
  const lineItems = listOf(params.line_items).map(objectOf)
  if (lineItems.length === 0) throw parameterMissing('line_items')
  const items = lineItems.map((item, index) => {
    const priceId = textOf(item.price) ?? ''
    const price = requireObject(state.prices, 'price', priceId, `line_items[${index}][price]`)
    if (!price.active)
      throw invalid(
        `The price specified is inactive. This field only accepts active prices.`,
        `line_items[${index}][price]`,
      )
    return { price, quantity: Number(textOf(item.quantity) ?? 1) }
  })
  if (mode === 'subscription' && !items.some(({ price }) => price.recurring))
    throw invalid(
      'You must provide at least one recurring price in `subscription` mode when using prices.',
      'line_items',
    )
  const successUrl = required(params, 'success_url')
  const amount = items.reduce((sum, { price, quantity }) => sum + (price.unit_amount ?? 0) * quantity, 0)
  const created = nowSeconds()
  const id = newId('cs_test')
  const session: Wire<Stripe.Checkout.Session> = {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: textOf(params.cancel_url) ?? null,
    client_reference_id: textOf(params.client_reference_id) ?? null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency: items[0]?.price.currency ?? null,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: customerId,
    customer_account: null,
    customer_creation: customerId ? null : 'always',
    customer_details: null,
    customer_email: textOf(params.customer_email) ?? null,
    discounts: [],
    expires_at: created + 86_400,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: mergeMetadata({}, params.metadata),
    mode,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: `${state.baseUrl}/checkout/${id}`,
    wallet_options: null,
  }
  state.checkoutSessions.set(id, session)
  state.checkoutDetails.set(id, {
    items,
    subscriptionMetadata: mergeMetadata({}, objectOf(params.subscription_data).metadata),
  })
  return session
}
