// POST /v1/prices and GET /v1/prices: recurring prices, lookup keys and their transfer.
import type Stripe from 'stripe'
import { invalid, parameterMissing } from './errors.ts'
import { integerOf, listOf, mergeMetadata, objectOf, required, textOf } from './form-params.ts'
import { newId, nowSeconds } from './ids.ts'
import { requireObject, type FakeStripeState } from './state.ts'
import type { FormParams, Wire } from './wire.ts'

export function createPrice(state: FakeStripeState, params: FormParams): Wire<Stripe.Price> {
  const currency = required(params, 'currency').toLowerCase()
  const productId = required(params, 'product')
  requireObject(state.products, 'product', productId, 'product')
  const unitAmount = integerOf(params, 'unit_amount')
  if (unitAmount === undefined) throw parameterMissing('unit_amount')
  const recurring = params.recurring === undefined ? null : objectOf(params.recurring)
  if (recurring && !['day', 'week', 'month', 'year'].includes(textOf(recurring.interval) ?? ''))
    throw invalid('Invalid recurring[interval]: must be one of day, week, month, or year', 'recurring[interval]')
  const lookupKey = textOf(params.lookup_key) ?? null
  const holder = lookupKey ? [...state.prices.values()].find((price) => price.lookup_key === lookupKey) : undefined
  if (holder) {
    if (textOf(params.transfer_lookup_key) !== 'true')
      throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key')
    holder.lookup_key = null
  }
  const price: Wire<Stripe.Price> = {
    id: newId('price'),
    object: 'price',
    active: textOf(params.active) !== 'false',
    billing_scheme: 'per_unit',
    created: nowSeconds(),
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: lookupKey,
    metadata: mergeMetadata({}, params.metadata),
    nickname: textOf(params.nickname) ?? null,
    product: productId,
    recurring: recurring
      ? {
          interval: textOf(recurring.interval) ?? 'month',
          interval_count: Number(textOf(recurring.interval_count) ?? 1),
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  }
  state.prices.set(price.id, price)
  return price
}

/** Newest first, filtered as Stripe filters, one page of a cursor-paginated list. */
export function listPrices(state: FakeStripeState, params: FormParams): Wire<Stripe.ApiList<Stripe.Price>> {
  const lookupKeys = params.lookup_keys === undefined ? null : listOf(params.lookup_keys).map(String)
  const active = textOf(params.active)
  const matching = [...state.prices.values()]
    .reverse()
    .filter((price) => (lookupKeys ? price.lookup_key !== null && lookupKeys.includes(price.lookup_key) : true))
    .filter((price) => (active === undefined ? true : price.active === (active === 'true')))
    .filter((price) => (textOf(params.product) ? price.product === params.product : true))
    .filter((price) => (textOf(params.currency) ? price.currency === textOf(params.currency)?.toLowerCase() : true))
  const after = textOf(params.starting_after)
  const start = after ? matching.findIndex((price) => price.id === after) + 1 : 0
  const limit = integerOf(params, 'limit') ?? 10
  if (limit < 1 || limit > 100) throw invalid('This value must be between 1 and 100.', 'limit')
  return {
    object: 'list',
    data: matching.slice(start, start + limit),
    has_more: start + limit < matching.length,
    url: '/v1/prices',
  }
}
