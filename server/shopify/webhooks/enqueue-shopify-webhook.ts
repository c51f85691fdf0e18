import type { Database } from '../../db/database.ts'
import { Prisma } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import { findJsonHazard } from '../../../shared/json-limits.schemas.ts'
import { enqueueJobOf } from '../../jobs/job-kind.ts'
import type { JobQueue } from '../../jobs/job-queue.ts'
import { SHOPIFY_WEBHOOK, SHOPIFY_WEBHOOK_JOB } from '../jobs/shopify-job-kinds.ts'
import {
  normalizeWebhookTopic,
  ShopDomainSchema,
  WEBHOOK_PAYLOAD_SCHEMAS,
  WebhookIdSchema,
} from './shopify-webhook.schemas.ts'

const HALF_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Whether a key or a string anywhere in the value holds half a surrogate pair (JSON.stringify escapes it, jsonb refuses it). */
function hasHalfSurrogate(value: unknown): boolean {
  let found = false
  JSON.stringify(value, (key: string, item: unknown) => {
    if (HALF_SURROGATE.test(key) || (typeof item === 'string' && HALF_SURROGATE.test(item))) found = true
    return item
  })
  return found
}

export interface EnqueueShopifyWebhookOptions {
  database: Database
  /** As the library gives it (PRODUCTS_UPDATE) or as Shopify's header says (products/update). */
  topic: string
  shop: string
  /** X-Shopify-Webhook-Id: the same for every retry of one delivery. */
  webhookId: string
  payload: unknown
  queue?: JobQueue
}

export interface EnqueuedWebhook {
  isNew: boolean
  jobId: string
}

/**
 * Records a verified webhook as a durable job, once per webhook id: a delivery Shopify retries (or two
 * processes receiving it at once) finds the first job and adds nothing. Answer Shopify 200 either way.
 */
export async function enqueueShopifyWebhook(options: EnqueueShopifyWebhookOptions): Promise<EnqueuedWebhook> {
  const topic = normalizeWebhookTopic(options.topic)
  if (!topic)
    throw new AppError('BAD_REQUEST', `This app does not handle the webhook topic ${options.topic.slice(0, 100)}.`)
  const shop = ShopDomainSchema.parse(options.shop)
  const webhookId = WebhookIdSchema.parse(options.webhookId)
  const payload = WEBHOOK_PAYLOAD_SCHEMAS[topic].parse(options.payload)
  // What is kept goes into jsonb, which holds neither a NUL character nor half a surrogate pair.
  if (findJsonHazard(payload) === 'nul' || hasHalfSurrogate(payload))
    throw new AppError('BAD_REQUEST', 'The webhook payload carries characters that cannot be stored.')
  const { database } = options
  const known = await database.prisma.shopifyShop.findUnique({
    where: { shopDomain: shop },
    select: { accountId: true },
  })
  try {
    const job = await enqueueJobOf(database.prisma, SHOPIFY_WEBHOOK, {
      accountId: known?.accountId,
      subjectType: 'shopify-webhook',
      payload: { topic, shop, webhookId, payload },
      dedupeKey: webhookId,
    })
    options.queue?.wake()
    return { isNew: true, jobId: job.id }
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error
    const first = await database.prisma.job.findUniqueOrThrow({
      where: { kind_dedupeKey: { kind: SHOPIFY_WEBHOOK_JOB, dedupeKey: webhookId } },
      select: { id: true },
    })
    return { isNew: false, jobId: first.id }
  }
}
