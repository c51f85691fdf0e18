// The routes a provider calls with a signature over the body (Stripe, Shopify, Meta), each with a signer and
// a good body for each kind of message it takes. The signed-webhook walk (tests/integration/
// malformed-signed-webhooks.test.ts) sends each of them hostile bodies under a valid signature; a new
// provider joins the walk with one entry here.
import { createHmac, randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import { messagingDelivery, metaSignature, whatsappDelivery } from './meta-deliveries.ts'

export interface SignedWebhookRoute {
  label: string
  path: string
  /** The kinds of message the route takes (Stripe event types, Shopify topics). */
  kinds: readonly string[]
  /** A kind it does not take: acknowledged or refused, never a 5xx. */
  otherKind: string
  /** A good body of that kind, with fresh ids (a repeated id would stop at the duplicate check). */
  sample(kind: string): Record<string, unknown>
  /** The headers that sign this body as the provider would, now. */
  sign(body: string, kind: string): Record<string, string>
}

export interface WebhookSecrets {
  stripeWebhookSecret: string
  shopifyApiSecret: string
  shop: string
  /** The Meta app's secret, and the ids of a WhatsApp number, a Page and an Instagram account connected on the server. */
  meta: { appSecret: string; phoneNumberId: string; pageId: string; instagramAccountId: string }
}

const nowSeconds = () => Math.floor(Date.now() / 1000)
const stripeId = (prefix: string) => `${prefix}_walk${randomUUID().replaceAll('-', '')}`

function stripeEvent(type: string, object: Record<string, unknown>) {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: '2025-10-29',
    type,
    created: nowSeconds(),
    livemode: false,
    data: { object },
  }
}

const STRIPE_OBJECTS: Record<string, () => Record<string, unknown>> = {
  'customer.subscription.created': () => ({
    id: stripeId('sub'),
    object: 'subscription',
    customer: stripeId('cus'),
    items: { data: [] },
  }),
  'customer.subscription.updated': () => ({
    id: stripeId('sub'),
    object: 'subscription',
    customer: stripeId('cus'),
    items: { data: [] },
  }),
  'customer.subscription.deleted': () => ({
    id: stripeId('sub'),
    object: 'subscription',
    customer: stripeId('cus'),
    items: { data: [] },
  }),
  'checkout.session.completed': () => ({
    id: stripeId('cs'),
    object: 'checkout.session',
    mode: 'subscription',
    subscription: stripeId('sub'),
  }),
  'invoice.paid': () => ({
    id: stripeId('in'),
    object: 'invoice',
    parent: { subscription_details: { subscription: stripeId('sub') } },
  }),
  'invoice.payment_failed': () => ({
    id: stripeId('in'),
    object: 'invoice',
    subscription: { id: stripeId('sub'), object: 'subscription' },
  }),
  'customer.created': () => ({ id: stripeId('cus'), object: 'customer', email: 'walk@example.com' }),
}

const product = (type: 'Product' | 'Collection') => () => {
  const id = Math.floor(Math.random() * 1e9)
  return { id, admin_graphql_api_id: `gid://shopify/${type}/${id}`, title: 'Walk' }
}
const customer = () => ({ id: 4242, email: 'walker@example.com', phone: null })

const SHOPIFY_PAYLOADS: Record<string, (shop: string) => Record<string, unknown>> = {
  'products/create': product('Product'),
  'products/update': product('Product'),
  'products/delete': product('Product'),
  'collections/create': product('Collection'),
  'collections/update': product('Collection'),
  'collections/delete': product('Collection'),
  'bulk_operations/finish': () => ({
    admin_graphql_api_id: 'gid://shopify/BulkOperation/7',
    status: 'completed',
    error_code: null,
  }),
  'app/uninstalled': (shop) => ({ id: 1, domain: shop, myshopify_domain: shop }),
  'app_subscriptions/update': () => ({
    app_subscription: {
      admin_graphql_api_id: 'gid://shopify/AppSubscription/9',
      name: 'Pro 1',
      status: 'ACTIVE',
      created_at: '2026-11-01T10:00:00-05:00',
      updated_at: new Date().toISOString(),
    },
  }),
  'app/scopes_update': () => ({ id: 1, previous: ['read_products'], current: ['read_products', 'read_orders'] }),
  'orders/create': () => ({
    id: 4501,
    name: '#1001',
    created_at: '2026-11-01T10:00:00-05:00',
    total_price: '10.00',
    currency: 'usd',
    note_attributes: [{ name: 'agentdesk_conversation', value: randomUUID() }],
    line_items: [{ properties: [{ name: '_agentdesk_conversation', value: randomUUID() }] }],
  }),
  'carts/update': () => ({ id: 'walk-cart', line_items: [] }),
}

const SHOPIFY_COMPLIANCE_PAYLOADS: Record<string, (shop: string) => Record<string, unknown>> = {
  'carts/update': SHOPIFY_PAYLOADS['carts/update']!,
  'customers/data_request': (shop) => ({
    shop_id: 1,
    shop_domain: shop,
    customer: customer(),
    orders_requested: [1],
    data_request: { id: 9 },
  }),
  'customers/redact': (shop) => ({ shop_id: 1, shop_domain: shop, customer: customer(), orders_to_redact: [] }),
  'shop/redact': (shop) => ({ shop_id: 1, shop_domain: shop }),
}

function shopifyRoute(
  label: string,
  path: string,
  payloads: typeof SHOPIFY_PAYLOADS,
  secrets: WebhookSecrets,
): SignedWebhookRoute {
  return {
    label,
    path,
    kinds: Object.keys(payloads).filter((kind) => kind !== 'carts/update'),
    otherKind: 'carts/update',
    sample: (kind) => payloads[kind]!(secrets.shop),
    sign: (body, kind) => ({
      'X-Shopify-Hmac-Sha256': createHmac('sha256', secrets.shopifyApiSecret).update(body).digest('base64'),
      'X-Shopify-Topic': kind,
      'X-Shopify-Shop-Domain': secrets.shop,
      'X-Shopify-API-Version': '2026-10',
      'X-Shopify-Webhook-Id': randomUUID(),
    }),
  }
}

/** Meta's callback for the operator's app: one delivery of each object a connected channel hears. */
function metaRoute({ meta }: WebhookSecrets): SignedWebhookRoute {
  const samples: Record<string, () => Record<string, unknown>> = {
    whatsapp_business_account: () =>
      whatsappDelivery({ phoneNumberId: meta.phoneNumberId, wamid: `wamid.walk${randomUUID()}` }),
    page: () => messagingDelivery('page', { recipient: meta.pageId, mid: `m_walk_${randomUUID()}` }),
    instagram: () =>
      messagingDelivery('instagram', { recipient: meta.instagramAccountId, mid: `m_walk_${randomUUID()}` }),
    user: () => ({ object: 'user', entry: [{ id: '1', changes: [{ field: 'feed', value: {} }] }] }),
  }
  return {
    label: 'Meta',
    path: '/api/channels/meta/webhook/',
    kinds: ['whatsapp_business_account', 'page', 'instagram'],
    otherKind: 'user',
    sample: (kind) => samples[kind]!(),
    sign: (body) => ({ 'X-Hub-Signature-256': metaSignature(meta.appSecret, body) }),
  }
}

/** Every signed webhook route of the server, signed with these secrets. */
export function signedWebhookRoutes(secrets: WebhookSecrets): SignedWebhookRoute[] {
  return [
    {
      label: 'Stripe',
      path: '/api/plans/webhook/',
      kinds: Object.keys(STRIPE_OBJECTS).filter((kind) => kind !== 'customer.created'),
      otherKind: 'customer.created',
      sample: (kind) => stripeEvent(kind, STRIPE_OBJECTS[kind]!()),
      sign: (body) => ({
        'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: secrets.stripeWebhookSecret,
        }),
      }),
    },
    shopifyRoute('Shopify', '/shopify/webhooks', SHOPIFY_PAYLOADS, secrets),
    shopifyRoute('Shopify compliance', '/shopify/webhooks/compliance', SHOPIFY_COMPLIANCE_PAYLOADS, secrets),
    metaRoute(secrets),
  ]
}

// Values each field of a good body is set to in turn.
const BAD_VALUES: [string, unknown][] = [
  ['null', null],
  ['an empty list', []],
  ['an empty object', {}],
  ['a string', 'str'],
  ['a huge number', 1e308],
  ['a negative number', -1],
  ['a fraction', 0.5],
  ['a boolean', true],
  ['a NUL character', 'a\u0000b'],
  ['a lone surrogate', 'a\ud800b'],
  ['JSON nested 40 levels', nested(40)],
  ['a long string', 'x'.repeat(20_000)],
]

function nested(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value }
  return value
}

const deepObjectText = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
const deepArrayText = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

/** Every path to a value in a body: its keys, and the first item of each list, to a few levels. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (prefix.length >= 5 || typeof value !== 'object' || value === null) return []
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.slice(0, 1).map((item, index) => [index, item])
    : Object.entries(value)
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])])
}

function changedAt(body: Record<string, unknown>, path: (string | number)[], change: { value: unknown } | 'delete') {
  const copy = structuredClone(body)
  let parent = copy as Record<string | number, unknown>
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>
  const last = path.at(-1)!
  if (change !== 'delete') parent[last] = change.value
  else if (Array.isArray(parent)) parent.splice(Number(last), 1)
  else delete parent[last]
  return copy
}

export interface SignedProbe {
  label: string
  body: string
}

/** The hostile bodies for one kind of message: whole bodies of the wrong shape, then each field wrong or missing. */
export function signedProbesFor(route: SignedWebhookRoute, kind: string): SignedProbe[] {
  const probes: SignedProbe[] = [
    ['an empty list', '[]'],
    ['a string', '"str"'],
    ['null', 'null'],
    ['a number', '42'],
    ['a huge number', '1e999'],
    ['an empty object', '{}'],
    ['not JSON', '{"a": '],
    ['an object nested 16,000 levels', deepObjectText(16_000)],
    ['a list nested 16,000 levels', deepArrayText(16_000)],
    ['only an id', JSON.stringify({ id: 'evt_q' })],
    ['the good body', JSON.stringify(route.sample(kind))],
  ].map(([label, body]) => ({ label: label!, body: body! }))
  for (const path of pathsOf(route.sample(kind))) {
    const name = path.join('.')
    probes.push({ label: `${name} missing`, body: JSON.stringify(changedAt(route.sample(kind), path, 'delete')) })
    for (const [label, value] of BAD_VALUES)
      probes.push({ label: `${name} = ${label}`, body: JSON.stringify(changedAt(route.sample(kind), path, { value })) })
  }
  return probes
}
