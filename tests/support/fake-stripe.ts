import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { randomInt } from 'node:crypto'
import Stripe from 'stripe'
import { sendJson, startLocalServer } from './local-http-server.ts'

// Stripe's API on 127.0.0.1, for the official `stripe` package pointed at it (STRIPE_API_URL): customers,
// products, prices (with lookup keys), Checkout and billing-portal sessions, subscriptions and invoices, in
// Stripe's wire format (form-encoded requests, JSON answers and errors, the API version of the package).
// Test-side controls play the customer and the passing months, and answer the events Stripe would send.
// Objects are typed by the package's own types, so a shape that drifts from Stripe's fails the typecheck.

/** A Stripe object as it travels: the package turns decimal strings into Decimal only after reading. */
export type Wire<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends Stripe.Decimal
    ? string
    : T extends readonly (infer Item)[]
      ? Wire<Item>[]
      : T extends object
        ? { [Key in keyof T]: Wire<T[Key]> }
        : T

export type FakeStripeEvent = Wire<
  | Stripe.CheckoutSessionCompletedEvent
  | Stripe.CustomerSubscriptionCreatedEvent
  | Stripe.CustomerSubscriptionUpdatedEvent
  | Stripe.CustomerSubscriptionDeletedEvent
  | Stripe.InvoicePaidEvent
  | Stripe.InvoicePaymentFailedEvent
>
type EventOf<Type extends FakeStripeEvent['type']> = Extract<FakeStripeEvent, { type: Type }>

/** A form or query value as Stripe reads it: `a[b][0]=x` is `{ a: { b: ['x'] } }`. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type FormParams = { [key: string]: FormValue }

interface FakeStripeRequest {
  method: string
  path: string
  /** The query string and the form body, parsed as Stripe does. */
  params: FormParams
  headers: IncomingHttpHeaders
  /** The HTTP status answered (0 until answered). */
  status: number
}

export interface FakeStripeOptions {
  secretKey?: string
  webhookSecret?: string
}

class StripeApiError extends Error {
  readonly status: number
  readonly body: { type: string; message: string; code?: string; param?: string }
  constructor(status: number, body: StripeApiError['body']) {
    super(body.message)
    this.status = status
    this.body = body
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const newId = (prefix: string) =>
  `${prefix}_${Array.from({ length: 24 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`
const nowSeconds = () => Math.floor(Date.now() / 1000)

/** Adds whole intervals as Stripe does: months keep the day, clamped to the month's last day (Jan 31 → Feb 28). */
export function addInterval(seconds: number, interval: string, count = 1): number {
  if (interval === 'day' || interval === 'week') return seconds + count * (interval === 'day' ? 86_400 : 604_800)
  const date = new Date(seconds * 1000)
  const months = date.getUTCMonth() + count * (interval === 'year' ? 12 : 1)
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), months + 1, 0)).getUTCDate()
  return (
    Date.UTC(
      date.getUTCFullYear(),
      months,
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ) / 1000
  )
}

function parseForm(text: string): FormParams {
  const root: Record<string, FormValue> = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split('[').map((segment, index) => (index === 0 ? segment : segment.replace(/\]$/, '')))
    let container = root
    path.forEach((segment, index) => {
      const name = segment === '' ? String(Object.keys(container).length) : segment
      if (index === path.length - 1) container[name] = value
      else {
        const next = container[name]
        container = typeof next === 'object' && !Array.isArray(next) ? next : (container[name] = {})
      }
    })
  }
  const withArrays = (value: FormValue): FormValue => {
    if (typeof value === 'string' || Array.isArray(value)) return value
    const keys = Object.keys(value)
    if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key)))
      return keys.sort((a, b) => Number(a) - Number(b)).map((key) => withArrays(value[key] as FormValue))
    return Object.fromEntries(keys.map((key) => [key, withArrays(value[key] as FormValue)]))
  }
  return withArrays(root) as FormParams
}

const textOf = (value: FormValue | undefined) => (typeof value === 'string' ? value : undefined)
const objectOf = (value: FormValue | undefined) => (typeof value === 'object' && !Array.isArray(value) ? value : {})
const listOf = (value: FormValue | undefined) =>
  Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? [value]
      : typeof value === 'object'
        ? Object.values(value)
        : []

function integerOf(params: FormParams, param: string): number | undefined {
  const value = textOf(params[param])
  if (value === undefined) return undefined
  if (!/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, param)
  return Number(value)
}

function required(params: FormParams, param: string): string {
  const value = textOf(params[param])
  if (!value)
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'parameter_missing',
      message: `Missing required param: ${param}.`,
      param,
    })
  return value
}

const invalid = (message: string, param?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) })
const missing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  })

/** Metadata as Stripe updates it: an empty value unsets a key, an empty `metadata` clears them all. */
function mergeMetadata(current: Stripe.Metadata, update: FormValue | undefined): Stripe.Metadata {
  if (update === undefined) return current
  if (update === '') return {}
  const merged = { ...current }
  for (const [key, value] of Object.entries(objectOf(update))) {
    if (value === '') delete merged[key]
    else merged[key] = String(value)
  }
  return merged
}

/** Replaces the ids at each `expand` path (`items.data.price.product`, `latest_invoice`) by their objects. */
function expandPaths(value: unknown, path: string[], find: (id: string) => unknown): unknown {
  const [head, ...rest] = path
  if (head === undefined) return value
  if (Array.isArray(value)) return value.map((item) => expandPaths(item, path, find))
  if (typeof value !== 'object' || value === null) return value
  const field = (value as Record<string, unknown>)[head]
  const resolved = typeof field === 'string' ? (find(field) ?? field) : field
  return { ...value, [head]: expandPaths(resolved, rest, find) }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

export async function startFakeStripe(options: FakeStripeOptions = {}) {
  const secretKey = options.secretKey ?? 'sk_test_fake'
  const webhookSecret = options.webhookSecret ?? 'whsec_fake_agentdesk_webhook_secret'
  const requests: FakeStripeRequest[] = []
  /** Every event Stripe would have sent, in order: those of the test controls and those of API calls. */
  const events: FakeStripeEvent[] = []
  const customers = new Map<string, Wire<Stripe.Customer>>()
  const products = new Map<string, Wire<Stripe.Product>>()
  const prices = new Map<string, Wire<Stripe.Price>>()
  const checkoutSessions = new Map<string, Wire<Stripe.Checkout.Session>>()
  const portalSessions = new Map<string, Wire<Stripe.BillingPortal.Session>>()
  const subscriptions = new Map<string, Wire<Stripe.Subscription>>()
  const invoices = new Map<string, Wire<Stripe.Invoice>>()
  /** What a session keeps that its object does not show: its line items and subscription_data. */
  const checkoutDetails = new Map<
    string,
    { items: { price: Wire<Stripe.Price>; quantity: number }[]; subscriptionMetadata: Stripe.Metadata }
  >()
  const idempotentAnswers = new Map<string, { request: string; status: number; body: unknown }>()
  const stores: Record<string, Map<string, unknown>> = {
    cus: customers,
    prod: products,
    price: prices,
    cs: checkoutSessions,
    bps: portalSessions,
    sub: subscriptions,
    in: invoices,
  }
  const findObject = (id: string) => stores[id.slice(0, id.indexOf('_'))]?.get(id)
  let baseUrl = ''

  function requireObject<T>(store: Map<string, T>, kind: string, id: string, param = 'id'): T {
    const found = store.get(id)
    if (!found) throw missing(kind, id, param)
    return found
  }

  function createEvent<Type extends FakeStripeEvent['type']>(
    type: Type,
    object: EventOf<Type>['data']['object'],
    extra: {
      previousAttributes?: Record<string, unknown>
      request?: { id: string; idempotencyKey: string | null }
    } = {},
  ): EventOf<Type> {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      data: {
        object: structuredClone(object),
        ...(extra.previousAttributes ? { previous_attributes: structuredClone(extra.previousAttributes) } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: extra.request?.id ?? null, idempotency_key: extra.request?.idempotencyKey ?? null },
      type,
    }
    events.push(event as unknown as FakeStripeEvent)
    return event as unknown as EventOf<Type>
  }

  /** The fields of `before` that differ from `after`, as an event's previous_attributes. */
  function changedFields(before: object, after: object): Record<string, unknown> {
    const previous: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(before)) {
      if (JSON.stringify(value) !== JSON.stringify((after as Record<string, unknown>)[key])) previous[key] = value
    }
    return previous
  }

  // ---- objects

  function createCustomer(params: FormParams): Wire<Stripe.Customer> {
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
    customers.set(customer.id, customer)
    return customer
  }

  function createProduct(params: FormParams): Wire<Stripe.Product> {
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
    products.set(product.id, product)
    return product
  }

  function createPrice(params: FormParams): Wire<Stripe.Price> {
    const currency = required(params, 'currency').toLowerCase()
    const productId = required(params, 'product')
    requireObject(products, 'product', productId, 'product')
    const unitAmount = integerOf(params, 'unit_amount')
    if (unitAmount === undefined)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        message: 'Missing required param: unit_amount.',
        param: 'unit_amount',
      })
    const recurring = params.recurring === undefined ? null : objectOf(params.recurring)
    if (recurring && !['day', 'week', 'month', 'year'].includes(textOf(recurring.interval) ?? ''))
      throw invalid('Invalid recurring[interval]: must be one of day, week, month, or year', 'recurring[interval]')
    const lookupKey = textOf(params.lookup_key) ?? null
    const holder = lookupKey ? [...prices.values()].find((price) => price.lookup_key === lookupKey) : undefined
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
    prices.set(price.id, price)
    return price
  }

  function listPrices(params: FormParams): Wire<Stripe.ApiList<Stripe.Price>> {
    const lookupKeys = params.lookup_keys === undefined ? null : listOf(params.lookup_keys).map(String)
    const active = textOf(params.active)
    const matching = [...prices.values()]
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

  function createCheckoutSession(params: FormParams): Wire<Stripe.Checkout.Session> {
    const mode = required(params, 'mode')
    const customerId = textOf(params.customer) ?? null
    if (customerId) requireObject(customers, 'customer', customerId, 'customer')
    const lineItems = listOf(params.line_items).map(objectOf)
    if (lineItems.length === 0)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        message: 'Missing required param: line_items.',
        param: 'line_items',
      })
    const items = lineItems.map((item, index) => {
      const priceId = textOf(item.price) ?? ''
      const price = requireObject(prices, 'price', priceId, `line_items[${index}][price]`)
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
      url: `${baseUrl}/checkout/${id}`,
      wallet_options: null,
    }
    checkoutSessions.set(id, session)
    checkoutDetails.set(id, {
      items,
      subscriptionMetadata: mergeMetadata({}, objectOf(params.subscription_data).metadata),
    })
    return session
  }

  function createPortalSession(params: FormParams): Wire<Stripe.BillingPortal.Session> {
    const customer = required(params, 'customer')
    requireObject(customers, 'customer', customer, 'customer')
    const id = newId('bps')
    const session: Wire<Stripe.BillingPortal.Session> = {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_fake_default',
      created: nowSeconds(),
      customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: textOf(params.return_url) ?? null,
      url: `${baseUrl}/billing_portal/${id}`,
    }
    portalSessions.set(id, session)
    return session
  }

  const planOf = (price: Wire<Stripe.Price>): Wire<Stripe.Plan> => ({
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

  function subscriptionItem(
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

  const periodOf = (subscription: Wire<Stripe.Subscription>) => {
    const item = subscription.items.data[0]
    if (!item) throw new Error(`subscription ${subscription.id} has no items`)
    return {
      start: item.current_period_start,
      end: item.current_period_end,
      interval: item.price.recurring?.interval ?? 'month',
      count: item.price.recurring?.interval_count ?? 1,
    }
  }

  function createInvoice(
    subscription: Wire<Stripe.Subscription>,
    options: { reason: 'subscription_create' | 'subscription_cycle'; paid: boolean },
  ): Wire<Stripe.Invoice> {
    const customerId = String(subscription.customer)
    const customer = customers.get(customerId)
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
          description: `${item.quantity ?? 1} × ${products.get(String(item.price.product))?.name ?? 'Product'}`,
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
    invoices.set(id, invoice)
    subscription.latest_invoice = id
    return invoice
  }

  function createSubscription(
    session: Wire<Stripe.Checkout.Session>,
    customerId: string,
    status: 'active' | 'incomplete',
  ): Wire<Stripe.Subscription> {
    const details = checkoutDetails.get(session.id)
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
    subscriptions.set(id, subscription)
    return subscription
  }

  function updateSubscription(
    subscription: Wire<Stripe.Subscription>,
    params: FormParams,
    request: { id: string; idempotencyKey: string | null },
  ) {
    const changesOtherThanMetadata = Object.keys(params).some(
      (key) => !['metadata', 'cancellation_details', 'expand'].includes(key),
    )
    if (subscription.status === 'canceled' && changesOtherThanMetadata)
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.')
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
        const price = priceId ? requireObject(prices, 'price', priceId, `items[${index}][price]`) : existing?.price
        if (!price)
          throw new StripeApiError(400, {
            type: 'invalid_request_error',
            code: 'parameter_missing',
            message: `Missing required param: items[${index}][price].`,
            param: `items[${index}][price]`,
          })
        const quantity = Number(textOf(change.quantity) ?? existing?.quantity ?? 1)
        if (existing) Object.assign(existing, { price, plan: planOf(price), quantity })
        else subscription.items.data.push(subscriptionItem(subscription.id, price, quantity, periodOf(subscription)))
      })
    subscription.metadata = mergeMetadata(subscription.metadata, params.metadata)
    const previousAttributes = changedFields(before, subscription)
    if (Object.keys(previousAttributes).length > 0)
      createEvent('customer.subscription.updated', subscription, { previousAttributes, request })
    return subscription
  }

  function cancelSubscription(
    subscription: Wire<Stripe.Subscription>,
    reason: 'cancellation_requested' | 'payment_failed',
    request?: { id: string; idempotencyKey: string | null },
  ) {
    const now = nowSeconds()
    subscription.status = 'canceled'
    subscription.canceled_at ??= now
    subscription.ended_at = now
    subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason }
    return createEvent('customer.subscription.deleted', subscription, request ? { request } : {})
  }

  // ---- the API

  type Handler = (params: FormParams, id: string, request: { id: string; idempotencyKey: string | null }) => unknown
  const routes: [method: string, pattern: RegExp, handler: Handler][] = [
    ['POST', /^\/v1\/customers$/, (params) => createCustomer(params)],
    ['GET', /^\/v1\/customers\/([^/]+)$/, (_params, id) => requireObject(customers, 'customer', id)],
    ['POST', /^\/v1\/products$/, (params) => createProduct(params)],
    ['GET', /^\/v1\/products\/([^/]+)$/, (_params, id) => requireObject(products, 'product', id)],
    ['GET', /^\/v1\/prices$/, (params) => listPrices(params)],
    ['POST', /^\/v1\/prices$/, (params) => createPrice(params)],
    ['GET', /^\/v1\/prices\/([^/]+)$/, (_params, id) => requireObject(prices, 'price', id)],
    ['POST', /^\/v1\/checkout\/sessions$/, (params) => createCheckoutSession(params)],
    [
      'GET',
      /^\/v1\/checkout\/sessions\/([^/]+)$/,
      (_params, id) => requireObject(checkoutSessions, 'checkout.session', id),
    ],
    ['POST', /^\/v1\/billing_portal\/sessions$/, (params) => createPortalSession(params)],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (_params, id) => requireObject(subscriptions, 'subscription', id)],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (params, id, request) => updateSubscription(requireObject(subscriptions, 'subscription', id), params, request),
    ],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (_params, id, request) => {
        const subscription = requireObject(subscriptions, 'subscription', id)
        if (subscription.status === 'canceled')
          throw invalid('A canceled subscription can only update its cancellation_details and metadata.')
        cancelSubscription(subscription, 'cancellation_requested', request)
        return subscription
      },
    ],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, (_params, id) => requireObject(invoices, 'invoice', id)],
  ]

  function answerApi(req: IncomingMessage, res: ServerResponse, url: URL, params: FormParams) {
    const requestId = newId('req')
    res.setHeader('Request-Id', requestId)
    res.setHeader('Stripe-Version', String(req.headers['stripe-version'] ?? Stripe.API_VERSION))
    const authorization = String(req.headers.authorization ?? '')
    if (authorization !== `Bearer ${secretKey}`) {
      const key = authorization.replace(/^Bearer\s+/, '')
      const message = key
        ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY')."
      return { status: 401, body: { error: { type: 'invalid_request_error', message } } }
    }
    const method = req.method ?? 'GET'
    const idempotencyKey =
      method === 'POST' ? (textOf(req.headers['idempotency-key'] as string | undefined) ?? null) : null
    const fingerprint = JSON.stringify([method, url.pathname, params])
    if (idempotencyKey) {
      res.setHeader('Idempotency-Key', idempotencyKey)
      const replay = idempotentAnswers.get(idempotencyKey)
      if (replay && replay.request !== fingerprint) {
        return {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          },
        }
      }
      if (replay) {
        res.setHeader('Idempotent-Replayed', 'true')
        return replay
      }
    }
    const answer = (() => {
      for (const [routeMethod, pattern, handler] of routes) {
        const match = pattern.exec(url.pathname)
        if (routeMethod !== method || !match) continue
        try {
          const object = handler(params, decodeURIComponent(match[1] ?? ''), { id: requestId, idempotencyKey })
          const expanded = listOf(params.expand).reduce<unknown>(
            (value, path) => expandPaths(value, String(path).split('.'), findObject),
            object,
          )
          return { status: 200, body: structuredClone(expanded) }
        } catch (error) {
          if (!(error instanceof StripeApiError)) throw error
          const docUrl = error.body.code
            ? { doc_url: `https://stripe.com/docs/error-codes/${error.body.code.replaceAll('_', '-')}` }
            : {}
          return {
            status: error.status,
            body: {
              error: {
                ...error.body,
                ...docUrl,
                request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
              },
            },
          }
        }
      }
      return {
        status: 404,
        body: {
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
          },
        },
      }
    })()
    if (idempotencyKey && answer.status < 500)
      idempotentAnswers.set(idempotencyKey, { request: fingerprint, ...answer })
    return answer
  }

  // ---- the pages a customer visits: hosted Checkout (a Pay button) and the billing portal

  function answerPage(req: IncomingMessage, res: ServerResponse, path: string) {
    const page = (title: string, body: string) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      res.end(
        `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
      )
    }
    const checkout = /^\/checkout\/([^/]+)(\/pay)?$/.exec(path)
    const session = checkout?.[1] ? checkoutSessions.get(checkout[1]) : undefined
    if (checkout && session && req.method === 'POST' && checkout[2] && session.status === 'open') {
      controls.completeCheckout(session.id)
      res.writeHead(303, { Location: (session.success_url ?? baseUrl).replace('{CHECKOUT_SESSION_ID}', session.id) })
      return res.end()
    }
    if (checkout && session && req.method === 'GET' && !checkout[2]) {
      const amount = `${((session.amount_total ?? 0) / 100).toFixed(2)} ${(session.currency ?? '').toUpperCase()}`
      const cancel = session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Back</a>` : ''
      return page(
        'Fake Stripe Checkout',
        `<p>Subscribe: ${escapeHtml(amount)} per period</p><form method="post" action="/checkout/${escapeHtml(session.id)}/pay"><button type="submit">Pay</button></form>${cancel}`,
      )
    }
    const portal = /^\/billing_portal\/([^/]+)$/.exec(path)
    const portalSession = portal?.[1] ? portalSessions.get(portal[1]) : undefined
    if (portalSession && req.method === 'GET') {
      const back = portalSession.return_url ? `<a href="${escapeHtml(portalSession.return_url)}">Return</a>` : ''
      return page('Fake Stripe billing portal', `<p>Customer ${escapeHtml(portalSession.customer)}</p>${back}`)
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' })
    res.end('Not found (fake Stripe)')
  }

  // ---- test-side controls: each mutates the stored objects and answers the events Stripe would send

  const requireSubscription = (id: string) => {
    const subscription = subscriptions.get(id)
    if (!subscription) throw new Error(`fake Stripe has no subscription ${id}`)
    return subscription
  }

  const controls = {
    /**
     * The customer pays on the hosted page: the subscription starts (active, one interval of the price from now,
     * metadata from subscription_data) and the session completes. With `paymentFails` the first payment is
     * declined after the session completed (as with a bank debit): the session is complete but unpaid, the
     * subscription `incomplete`, its invoice open; the events then end with invoice.payment_failed.
     */
    completeCheckout(sessionId: string, { paymentFails = false }: { paymentFails?: boolean } = {}): FakeStripeEvent[] {
      const session = checkoutSessions.get(sessionId)
      if (!session) throw new Error(`fake Stripe has no checkout session ${sessionId}`)
      if (session.status !== 'open') throw new Error(`checkout session ${sessionId} is ${session.status}, not open`)
      const customer =
        (session.customer ? customers.get(String(session.customer)) : undefined) ??
        createCustomer({ email: session.customer_email ?? 'customer@example.com' })
      const subscription = createSubscription(session, customer.id, paymentFails ? 'incomplete' : 'active')
      const invoice = createInvoice(subscription, { reason: 'subscription_create', paid: !paymentFails })
      Object.assign(session, {
        status: 'complete',
        payment_status: paymentFails ? 'unpaid' : 'paid',
        customer: customer.id,
        customer_details: {
          address: null,
          business_name: null,
          email: customer.email,
          individual_name: null,
          name: customer.name ?? null,
          phone: null,
          tax_exempt: 'none',
          tax_ids: [],
        },
        subscription: subscription.id,
        invoice: invoice.id,
        url: null,
      } satisfies Partial<Wire<Stripe.Checkout.Session>>)
      return [
        createEvent('checkout.session.completed', session),
        createEvent('customer.subscription.created', subscription),
        paymentFails ? createEvent('invoice.payment_failed', invoice) : createEvent('invoice.paid', invoice),
      ]
    },

    /**
     * The period ends and its money arrives. An active subscription moves to its next period with a paid
     * invoice; a past_due one pays its open invoice and turns active again (same period); one set to cancel
     * at period end is canceled instead, as Stripe does.
     */
    renew(subscriptionId: string): FakeStripeEvent[] {
      const subscription = requireSubscription(subscriptionId)
      if (subscription.status === 'canceled') throw new Error(`subscription ${subscriptionId} is canceled`)
      if (subscription.cancel_at_period_end) return [cancelSubscription(subscription, 'cancellation_requested')]
      const before = structuredClone(subscription)
      const open = subscription.latest_invoice ? invoices.get(String(subscription.latest_invoice)) : undefined
      let invoice: Wire<Stripe.Invoice>
      if (open && open.status === 'open') {
        const paidAt = nowSeconds()
        Object.assign(open, {
          status: 'paid',
          amount_paid: open.amount_due,
          amount_remaining: 0,
          attempt_count: open.attempt_count + 1,
          next_payment_attempt: null,
        })
        open.status_transitions.paid_at = paidAt
        invoice = open
      } else {
        const { end, interval, count } = periodOf(subscription)
        for (const item of subscription.items.data)
          Object.assign(item, { current_period_start: end, current_period_end: addInterval(end, interval, count) })
        invoice = createInvoice(subscription, { reason: 'subscription_cycle', paid: true })
      }
      subscription.status = 'active'
      return [
        createEvent('customer.subscription.updated', subscription, {
          previousAttributes: changedFields(before, subscription),
        }),
        createEvent('invoice.paid', invoice),
      ]
    },

    /** The period ends and the renewal payment is declined: the next period starts unpaid and the subscription is past_due. */
    failPayment(subscriptionId: string): FakeStripeEvent[] {
      const subscription = requireSubscription(subscriptionId)
      if (subscription.status === 'canceled') throw new Error(`subscription ${subscriptionId} is canceled`)
      const before = structuredClone(subscription)
      const { end, interval, count } = periodOf(subscription)
      for (const item of subscription.items.data)
        Object.assign(item, { current_period_start: end, current_period_end: addInterval(end, interval, count) })
      const invoice = createInvoice(subscription, { reason: 'subscription_cycle', paid: false })
      subscription.status = 'past_due'
      return [
        createEvent('customer.subscription.updated', subscription, {
          previousAttributes: changedFields(before, subscription),
        }),
        createEvent('invoice.payment_failed', invoice),
      ]
    },

    /** The subscription ends now: after its retries failed, or at the end of the period it was set to cancel at. */
    expire(subscriptionId: string): FakeStripeEvent[] {
      const subscription = requireSubscription(subscriptionId)
      if (subscription.status === 'canceled') throw new Error(`subscription ${subscriptionId} is already canceled`)
      return [
        cancelSubscription(
          subscription,
          subscription.cancel_at_period_end ? 'cancellation_requested' : 'payment_failed',
        ),
      ]
    },

    /** The body Stripe would POST for an event and its Stripe-Signature header, signed by the package itself. */
    sign(event: FakeStripeEvent, secret: string = webhookSecret): { body: string; signature: string } {
      const body = JSON.stringify(event, null, 2)
      return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) }
    },
  }

  const server = await startLocalServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://fake-stripe')
    if (!url.pathname.startsWith('/v1/')) return answerPage(req, res, url.pathname)
    const params = { ...parseForm(url.search.slice(1)), ...parseForm(body.toString()) }
    const request: FakeStripeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      params,
      headers: req.headers,
      status: 0,
    }
    requests.push(request)
    const { status, body: answer } = answerApi(req, res, url, params)
    request.status = status
    sendJson(res, status, answer)
  })
  baseUrl = server.url

  return {
    url: server.url,
    port: Number(new URL(server.url).port),
    secretKey,
    webhookSecret,
    requests,
    events,
    customers,
    products,
    prices,
    checkoutSessions,
    portalSessions,
    subscriptions,
    invoices,
    ...controls,
    close: () => server.close(),
  }
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>

/** The server's environment for talking to the fake, as config.schemas.ts reads it. */
export function stripeConfigFor(fake: FakeStripe) {
  return { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_URL: fake.url }
}
