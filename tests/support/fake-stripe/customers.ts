// POST /v1/customers.
import { randomInt } from 'node:crypto'
import type Stripe from 'stripe'
import { mergeMetadata, textOf } from './form-params.ts'
import { ALPHABET, newId, nowSeconds } from './ids.ts'
import type { FakeStripeState } from './state.ts'
import type { FormParams, Wire } from './wire.ts'

export function createCustomer(state: FakeStripeState, params: FormParams): Wire<Stripe.Customer> {
  const customer: Wire<Stripe.Customer> = {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: nowSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: textOf(params.description) ?? null,
    email: textOf(params.email) ?? null,
    invoice_prefix: Array.from({ length: 8 }, () => ALPHABET[randomInt(26)]).join(''),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: mergeMetadata({}, params.metadata),
    name: textOf(params.name) ?? null,
    next_invoice_sequence: 1,
    phone: textOf(params.phone) ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  }
  state.customers.set(customer.id, customer)
  return customer
}
