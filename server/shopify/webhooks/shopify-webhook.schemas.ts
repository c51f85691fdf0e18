// The webhook topics this app subscribes to and what each job keeps of its payload (only what it needs,
// so the jobs table holds as little personal data as possible).
import { z } from 'zod'

const numericId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform(String)
const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .nullish()
  .transform((value) => value || null)

// What a webhook job keeps of each topic's payload, checked again when the job is claimed.
const Gid = (type: 'Product' | 'Collection') =>
  z.object({ gid: z.string().regex(new RegExp(`^gid://shopify/${type}/\\d+$`)) })
const StoredCustomer = z.object({ id: z.string(), email: z.string().nullable() })
const Nothing = z.object({})
const STORED = {
  product: Gid('Product'),
  collection: Gid('Collection'),
  bulkOperation: z.object({
    bulkOperationGid: z.string().startsWith('gid://shopify/BulkOperation/'),
    status: z.string().nullable(),
  }),
  subscription: z.object({
    subscriptionGid: z.string(),
    name: z.string(),
    status: z.enum(['ACTIVE', 'ACCEPTED', 'CANCELLED', 'DECLINED', 'EXPIRED', 'FROZEN', 'PENDING']),
    createdAt: z.string().nullable(),
    updatedAt: z.string(),
  }),
  scopes: z.object({ current: z.array(z.string()) }),
  dataRequest: z.object({ customer: StoredCustomer, dataRequestId: z.string().nullable() }),
  redactCustomer: z.object({ customer: StoredCustomer }),
  // An order and the chat that led to it (its cart's attribute), nothing personal: who bought is not kept.
  order: z.object({
    orderGid: z.string().regex(/^gid:\/\/shopify\/Order\/\d+$/),
    name: z.string().max(100),
    orderedAt: z.string(),
    total: z.string().regex(/^\d{1,15}(\.\d{1,6})?$/),
    currency: z.string().regex(/^[A-Z]{3}$/),
    conversationId: z.uuid().nullable(),
  }),
}

const NamedValues = z
  .array(z.looseObject({ name: z.unknown(), value: z.unknown() }))
  .nullish()
  .transform((pairs) => pairs ?? [])

/** The chat an order came from: the cart attribute the widget set, else a line item's hidden property. */
function conversationOfOrder(order: {
  note_attributes: { name: unknown; value: unknown }[]
  line_items: { properties: { name: unknown; value: unknown }[] }[]
}): string | null {
  const pairs = [...order.note_attributes, ...order.line_items.flatMap((item) => item.properties)]
  const named = pairs.find(
    (pair) => pair.name === 'agentdesk_conversation' || pair.name === '_agentdesk_conversation',
  )?.value
  return typeof named === 'string' && z.uuid().safeParse(named).success ? named : null
}

/** A store object's GraphQL id from a REST-shaped payload (deletions may carry only the number). */
const objectGid = (type: 'Product' | 'Collection') =>
  z
    .looseObject({ id: numericId, admin_graphql_api_id: z.string().nullish() })
    .transform((payload) => ({ gid: payload.admin_graphql_api_id ?? `gid://shopify/${type}/${payload.id}` }))
    .pipe(Gid(type))

const customer = z.looseObject({ id: numericId, email: optionalEmail }).transform(({ id, email }) => ({ id, email }))

export const WEBHOOK_PAYLOAD_SCHEMAS = {
  'products/create': objectGid('Product'),
  'products/update': objectGid('Product'),
  'products/delete': objectGid('Product'),
  'collections/create': objectGid('Collection'),
  'collections/update': objectGid('Collection'),
  'collections/delete': objectGid('Collection'),
  'bulk_operations/finish': z
    .looseObject({
      admin_graphql_api_id: z.string().startsWith('gid://shopify/BulkOperation/'),
      status: z.string().nullish(),
      error_code: z.string().nullish(),
    })
    .transform((payload) => ({
      bulkOperationGid: payload.admin_graphql_api_id,
      status: payload.status?.toLowerCase() ?? null,
    }))
    .pipe(STORED.bulkOperation),
  'app/uninstalled': z
    .unknown()
    .transform(() => ({}))
    .pipe(Nothing),
  'app_subscriptions/update': z
    .looseObject({
      app_subscription: z.looseObject({
        admin_graphql_api_id: z.string().regex(/^gid:\/\/shopify\/AppSubscription\/\d+$/),
        name: z.string().trim().min(1).max(255),
        status: z
          .string()
          .trim()
          .toUpperCase()
          .pipe(z.enum(['ACTIVE', 'ACCEPTED', 'CANCELLED', 'DECLINED', 'EXPIRED', 'FROZEN', 'PENDING'])),
        created_at: z.iso.datetime({ offset: true }).nullish(),
        updated_at: z.iso.datetime({ offset: true }),
      }),
    })
    .transform(({ app_subscription: subscription }) => ({
      subscriptionGid: subscription.admin_graphql_api_id,
      name: subscription.name,
      status: subscription.status,
      createdAt: subscription.created_at ?? null,
      updatedAt: subscription.updated_at,
    }))
    .pipe(STORED.subscription),
  'app/scopes_update': z
    .looseObject({ current: z.array(z.string().regex(/^[a-z_]+$/)) })
    .transform(({ current }) => ({ current }))
    .pipe(STORED.scopes),
  'customers/data_request': z
    .looseObject({ customer, data_request: z.looseObject({ id: numericId }).nullish() })
    .transform((payload) => ({ customer: payload.customer, dataRequestId: payload.data_request?.id ?? null }))
    .pipe(STORED.dataRequest),
  'customers/redact': z
    .looseObject({ customer })
    .transform((payload) => ({ customer: payload.customer }))
    .pipe(STORED.redactCustomer),
  'shop/redact': z
    .unknown()
    .transform(() => ({}))
    .pipe(Nothing),
  'orders/create': z
    .looseObject({
      id: numericId,
      admin_graphql_api_id: z.string().nullish(),
      name: z.string().trim().max(100),
      created_at: z.iso.datetime({ offset: true }),
      total_price: z.union([z.string(), z.number()]).transform(String),
      currency: z.string().trim().toUpperCase(),
      note_attributes: NamedValues,
      line_items: z
        .array(z.looseObject({ properties: NamedValues }))
        .nullish()
        .transform((items) => items ?? []),
    })
    .transform((order) => ({
      orderGid: order.admin_graphql_api_id ?? `gid://shopify/Order/${order.id}`,
      name: order.name,
      orderedAt: order.created_at,
      total: order.total_price,
      currency: order.currency,
      conversationId: conversationOfOrder(order),
    }))
    .pipe(STORED.order),
} as const

export type ShopifyWebhookTopic = keyof typeof WEBHOOK_PAYLOAD_SCHEMAS
export type WebhookPayload<Topic extends ShopifyWebhookTopic> = z.output<(typeof WEBHOOK_PAYLOAD_SCHEMAS)[Topic]>

const TOPICS = Object.keys(WEBHOOK_PAYLOAD_SCHEMAS) as ShopifyWebhookTopic[]

// The library hands topics over as PRODUCTS_UPDATE, Shopify's headers say products/update: both map here.
const libraryForm = (topic: string) => topic.toUpperCase().replace(/[/.]/g, '_')
const BY_LIBRARY_FORM = new Map(TOPICS.map((topic) => [libraryForm(topic), topic]))

/** The topic in its slash form, or null when this app does not handle it. */
export function normalizeWebhookTopic(topic: string): ShopifyWebhookTopic | null {
  return BY_LIBRARY_FORM.get(libraryForm(topic.trim())) ?? null
}

export const ShopDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, { error: 'must be a myshopify.com domain' })
export const WebhookIdSchema = z.string().trim().min(1).max(200)

const STORED_BY_TOPIC = {
  'products/create': STORED.product,
  'products/update': STORED.product,
  'products/delete': STORED.product,
  'collections/create': STORED.collection,
  'collections/update': STORED.collection,
  'collections/delete': STORED.collection,
  'bulk_operations/finish': STORED.bulkOperation,
  'app/uninstalled': Nothing,
  'app_subscriptions/update': STORED.subscription,
  'app/scopes_update': STORED.scopes,
  'customers/data_request': STORED.dataRequest,
  'customers/redact': STORED.redactCustomer,
  'shop/redact': Nothing,
  'orders/create': STORED.order,
} as const satisfies Record<ShopifyWebhookTopic, z.ZodType>

const jobPayloadOf = <Topic extends ShopifyWebhookTopic>(topic: Topic) =>
  z.object({
    topic: z.literal(topic),
    shop: ShopDomainSchema,
    webhookId: z.string(),
    payload: STORED_BY_TOPIC[topic],
  })

/** What a webhook job's payload holds: the topic, and what was kept of its payload in that topic's shape. */
export const WebhookJobPayloadSchema = z.discriminatedUnion('topic', [
  jobPayloadOf('products/create'),
  jobPayloadOf('products/update'),
  jobPayloadOf('products/delete'),
  jobPayloadOf('collections/create'),
  jobPayloadOf('collections/update'),
  jobPayloadOf('collections/delete'),
  jobPayloadOf('bulk_operations/finish'),
  jobPayloadOf('app/uninstalled'),
  jobPayloadOf('app_subscriptions/update'),
  jobPayloadOf('app/scopes_update'),
  jobPayloadOf('customers/data_request'),
  jobPayloadOf('customers/redact'),
  jobPayloadOf('shop/redact'),
  jobPayloadOf('orders/create'),
])
export type WebhookJobPayload = z.infer<typeof WebhookJobPayloadSchema>
