// The kinds of durable job the Shopify integration runs, each with its payload and attempts (their
// handlers: createShopifyJobHandlers).
import { z } from 'zod'
import { defineJobKind } from '../../jobs/job-kind.ts'
import { WebhookJobPayloadSchema } from '../webhooks/shopify-webhook.schemas.ts'

const shopAndAgent = z.object({ shopId: z.uuid(), agentId: z.uuid() })

/** One webhook delivery (recorded once per webhook id); Shopify's own retries stop after a day or so, ours after 8 tries. */
export const SHOPIFY_WEBHOOK = defineJobKind({
  kind: 'shopify-webhook',
  payload: WebhookJobPayloadSchema,
  maxAttempts: 8,
})
/** Starts the catalogue's bulk export. */
export const SHOPIFY_IMPORT_CATALOGUE = defineJobKind({
  kind: 'shopify-import-catalogue',
  payload: shopAndAgent,
  maxAttempts: 5,
})
/** Reads a finished export into knowledge; also the poll when the finish webhook does not come: enough tries to poll a large export for hours, each waiting longer. */
export const SHOPIFY_FINISH_CATALOGUE = defineJobKind({
  kind: 'shopify-finish-catalogue-import',
  payload: z.object({ bulkImportId: z.uuid() }),
  maxAttempts: 30,
})
/** Collections, pages, blog articles and policies. */
export const SHOPIFY_IMPORT_CONTENT = defineJobKind({
  kind: 'shopify-import-content',
  payload: shopAndAgent,
  maxAttempts: 5,
})

export const SHOPIFY_WEBHOOK_JOB = SHOPIFY_WEBHOOK.kind
export const SHOPIFY_IMPORT_CATALOGUE_JOB = SHOPIFY_IMPORT_CATALOGUE.kind
export const SHOPIFY_FINISH_CATALOGUE_JOB = SHOPIFY_FINISH_CATALOGUE.kind
export const SHOPIFY_IMPORT_CONTENT_JOB = SHOPIFY_IMPORT_CONTENT.kind
/** The jobs one store import makes: the embedded Knowledge screen shows the latest of them. */
export const SHOPIFY_IMPORT_JOBS = [
  SHOPIFY_IMPORT_CATALOGUE_JOB,
  SHOPIFY_FINISH_CATALOGUE_JOB,
  SHOPIFY_IMPORT_CONTENT_JOB,
]
