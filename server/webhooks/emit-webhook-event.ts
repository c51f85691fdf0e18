import { randomUUID } from 'node:crypto'
import type { Database } from '../db/database.ts'
import type { Prisma } from '../db/generated/prisma/client.ts'
import { enqueueJobsOf } from '../jobs/job-kind.ts'
import { DELIVER_WEBHOOK } from './deliver-webhook-kind.ts'
import type { WebhookEvent } from './webhooks.schemas.ts'

export interface EmitWebhookEventOptions {
  accountId: string
  event: WebhookEvent
  /** What happened, as the event's documentation says (docs/api/webhooks.md). */
  data: Record<string, unknown>
  /** The event, the same however often it is reported: each endpoint gets it once. */
  eventKey?: string
}

/**
 * Queues the event for every endpoint of the account that hears it: a delivery row (its log) and a
 * durable job each, in the caller's transaction, so an event is never sent for a change that rolled
 * back, nor lost for one that committed. Nothing is queued when no endpoint hears it.
 */
export async function emitWebhookEvent(
  tx: Prisma.TransactionClient | Database['prisma'],
  { accountId, event, data, eventKey }: EmitWebhookEventOptions,
) {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { accountId, events: { has: event } },
    select: { id: true },
  })
  if (endpoints.length === 0) return 0
  const timestamp = new Date().toISOString()
  const jobs = []
  for (const endpoint of endpoints) {
    const messageId = `msg_${randomUUID().replaceAll('-', '')}`
    const delivery = await tx.webhookDelivery.create({
      data: {
        accountId,
        endpointId: endpoint.id,
        messageId,
        event,
        payload: { type: event, timestamp, data } as object,
      },
    })
    jobs.push({
      accountId,
      subjectType: 'webhook-delivery',
      subjectId: delivery.id,
      ...(eventKey ? { dedupeKey: `${endpoint.id}:${event}:${eventKey}` } : {}),
      payload: { deliveryId: delivery.id },
    })
  }
  return enqueueJobsOf(tx, DELIVER_WEBHOOK, jobs)
}
