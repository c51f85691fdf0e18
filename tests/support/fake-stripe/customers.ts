// POST /v1/customers, and POST /v1/customers/{id} to update one.
import { randomInt } from 'node:crypto'
import type Stripe from 'stripe'
import { mergeMetadata, objectOf, textOf } from './form-params.ts'
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

/** POST /v1/customers/{id}: the fields the app writes (name, e-mail, phone, business name, address, metadata). */
export function updateCustomer(customer: Wire<Stripe.Customer>, params: FormParams): Wire<Stripe.Customer> {
  const address = objectOf(params.address)
  if (params.address !== undefined) {
    const current = customer.address ?? {
      city: null,
      country: null,
      line1: null,
      line2: null,
      postal_code: null,
      state: null,
    }
    customer.address = {
      ...current,
      ...Object.fromEntries(
        (['city', 'country', 'line1', 'line2', 'postal_code', 'state'] as const)
          .filter((field) => textOf(address[field]) !== undefined)
          .map((field) => [field, textOf(address[field]) || null]),
      ),
    }
  }
  for (const field of ['name', 'email', 'phone', 'description'] as const) {
    const value = textOf(params[field])
    if (value !== undefined) customer[field] = value || null
  }
  const businessName = textOf(params.business_name)
  if (businessName) customer.business_name = businessName
  else if (businessName === '') delete customer.business_name
  customer.metadata = mergeMetadata(customer.metadata, params.metadata)
  return customer
}
