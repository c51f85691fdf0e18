// POST /v1/products.
import type Stripe from 'stripe'
import { mergeMetadata, required, textOf } from './form-params.ts'
import { newId, nowSeconds } from './ids.ts'
import type { FakeStripeState } from './state.ts'
import type { FormParams, Wire } from './wire.ts'

export function createProduct(state: FakeStripeState, params: FormParams): Wire<Stripe.Product> {
  const created = nowSeconds()
  const product: Wire<Stripe.Product> = {
    id: newId('prod'),
    object: 'product',
    active: textOf(params.active) !== 'false',
    created,
    default_price: null,
    description: textOf(params.description) ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: mergeMetadata({}, params.metadata),
    name: required(params, 'name'),
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: created,
    url: null,
  }
  state.products.set(product.id, product)
  return product
}
