import type { WebhookDelivery, WebhookEndpoint } from '../db/generated/prisma/client.ts'
import type { DeliveryView, EndpointView, WebhookEvent } from './webhooks.schemas.ts'

/** An endpoint as every call answers it: never its secret. */
export const toEndpointView = (endpoint: WebhookEndpoint): EndpointView => ({
  endpoint_id: endpoint.id,
  url: endpoint.url,
  events: endpoint.events as WebhookEvent[],
  description: endpoint.description,
  created_at: endpoint.createdAt.toISOString(),
})

export const toDeliveryView = (delivery: WebhookDelivery): DeliveryView => ({
  delivery_id: delivery.id,
  message_id: delivery.messageId,
  event: delivery.event,
  status: delivery.status as DeliveryView['status'],
  attempts: delivery.attempts,
  last_status_code: delivery.lastStatusCode,
  last_error: delivery.lastError,
  created_at: delivery.createdAt.toISOString(),
  last_attempt_at: delivery.lastAttemptAt?.toISOString() ?? null,
})
