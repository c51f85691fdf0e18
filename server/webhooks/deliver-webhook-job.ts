// Each outgoing webhook delivery is a durable job: signed (Standard Webhooks), sent through the crawler's
// SSRF-safe fetch (CRAWLER_ALLOWED_NETWORKS opens private networks for it too), retried with the worker's
// exponential backoff on anything but a 2xx, and logged on its delivery row.
import type { Config } from '../config/config.schemas.ts'
import type { Database } from '../db/database.ts'
import { PermanentJobError, type JobHandler } from '../jobs/job-handler.ts'
import { handlerOf } from '../jobs/job-kind.ts'
import { CrawlError } from '../knowledge/websites/crawl/crawl-error.ts'
import { createSafeFetch } from '../knowledge/websites/crawl/safe-fetch.ts'
import { parseAllowList } from '../knowledge/websites/crawl/network-policy.ts'
import { openSecret } from '../secrets/seal-secret.ts'
import { DELIVER_WEBHOOK } from './deliver-webhook-kind.ts'
import { webhookHeaders } from './sign-webhook.ts'

interface WebhookJobDependencies {
  config: Pick<Config, 'CRAWLER_ALLOWED_NETWORKS' | 'WEBHOOK_TIMEOUT_MS' | 'CRAWL_USER_AGENT'>
  database: Database
  /** Opens endpoints' sealed secrets (ServerSecrets.sealingKey). */
  sealingKey: Buffer
}

/** The webhook delivery job's handler, to register with the worker. */
export function webhookJobHandlersFor({
  config,
  database,
  sealingKey,
}: WebhookJobDependencies): Record<string, JobHandler> {
  const fetcher = createSafeFetch({
    allowList: parseAllowList(config.CRAWLER_ALLOWED_NETWORKS),
    userAgent: `${config.CRAWL_USER_AGENT} webhooks`,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    maxBytes: 1,
  })
  const handler = handlerOf(DELIVER_WEBHOOK, {
    async run({ payload: { deliveryId } }) {
      const delivery = await database.prisma.webhookDelivery.findUnique({
        where: { id: deliveryId },
        include: { endpoint: true },
      })
      if (!delivery) throw new PermanentJobError('The webhook endpoint was deleted before this event could be sent.')
      const secret = openSecret(sealingKey, delivery.endpoint.id, delivery.endpoint.sealedSecret)
      if (!secret) throw new PermanentJobError('The endpoint secret cannot be opened with this server key.')
      const body = JSON.stringify(delivery.payload)
      let status: number | null = null
      let failure: string | null = null
      let refused = false
      try {
        status = (
          await fetcher.post(delivery.endpoint.url, {
            body,
            headers: webhookHeaders({ secret, messageId: delivery.messageId, body }),
          })
        ).status
        if (status < 200 || status > 299) failure = `The receiver answered ${status}.`
      } catch (error) {
        failure = error instanceof Error ? error.message : 'The receiver could not be reached.'
        // A private or reserved address stays refused: trying again cannot help.
        if (error instanceof CrawlError && error.isPermanent) refused = true
      }
      await database.prisma.webhookDelivery.update({
        where: { id: deliveryId },
        data: {
          attempts: { increment: 1 },
          lastAttemptAt: new Date(),
          lastStatusCode: status,
          lastError: failure,
          ...(failure ? {} : { status: 'succeeded' }),
        },
      })
      if (refused) throw new PermanentJobError(failure ?? 'The address is refused.')
      if (failure) throw new Error(failure)
      return { status }
    },
    async onFinalFailure({ deliveryId }, _reason, writer) {
      await writer.webhookDelivery.updateMany({ where: { id: deliveryId }, data: { status: 'failed' } })
    },
  })
  return { [DELIVER_WEBHOOK.kind]: handler }
}
