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

/** A store object's GraphQL id from a REST-shaped payload (deletions may carry only the number). */
const objectGid = (type: 'Product' | 'Collection') =>
  z
    .looseObject({ id: numericId, admin_graphql_api_id: z.string().nullish() })
    .transform((payload) => ({ gid: payload.admin_graphql_api_id ?? `gid://shopify/${type}/${payload.id}` }))
    .pipe(z.object({ gid: z.string().regex(new RegExp(`^gid://shopify/${type}/\\d+$`)) }))

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
    })),
  'app/uninstalled': z.unknown().transform(() => ({})),
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
    })),
  'app/scopes_update': z
    .looseObject({ current: z.array(z.string().regex(/^[a-z_]+$/)) })
    .transform(({ current }) => ({ current })),
  'customers/data_request': z
    .looseObject({ customer, data_request: z.looseObject({ id: numericId }).nullish() })
    .transform((payload) => ({ customer: payload.customer, dataRequestId: payload.data_request?.id ?? null })),
  'customers/redact': z.looseObject({ customer }).transform((payload) => ({ customer: payload.customer })),
  'shop/redact': z.unknown().transform(() => ({})),
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

/** What a webhook job's payload holds. */
export const WebhookJobPayloadSchema = z.object({
  topic: z.enum(TOPICS as [ShopifyWebhookTopic, ...ShopifyWebhookTopic[]]),
  shop: ShopDomainSchema,
  webhookId: z.string(),
  payload: z.unknown(),
})
export type WebhookJobPayload = z.infer<typeof WebhookJobPayloadSchema>
