import { Router, type RequestHandler } from 'express'
import type { Database } from '../db/database.ts'
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts'
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints } from '../webhooks/manage-endpoints.ts'
import { CreateEndpointSchema, CustomEventSchema, WEBHOOK_MESSAGES } from '../webhooks/webhooks.schemas.ts'
import type { RateLimits } from '../rate-limits/rate-limits.ts'
import { actorOf } from './authenticate.ts'
import { parseIdParam } from './parse-id-param.ts'
import { sendsSecret } from './sends-secret.ts'

export interface WebhookRoutesOptions {
  database: Database
  /** Seals endpoints' secrets at rest (ServerSecrets.sealingKey). */
  sealingKey: Buffer
  rateLimits: RateLimits
  signedIn: RequestHandler
}

/** The account's outgoing webhooks (docs/api/webhooks.md): endpoints, their delivery logs, custom events. */
export function webhookRoutes({ database, sealingKey, rateLimits, signedIn }: WebhookRoutesOptions): Router {
  const router = Router()
  const endpointOf = (value: unknown) => parseIdParam(value, WEBHOOK_MESSAGES.notFound)
  router.get('/webhooks/endpoints/', signedIn, async (_req, res) => {
    res.json({ endpoints: await listEndpoints(database, actorOf(res)) })
  })
  router.post('/webhooks/endpoints/', sendsSecret, signedIn, async (req, res) => {
    const input = CreateEndpointSchema.parse(req.body)
    res.status(201).json({
      message: 'Webhook endpoint created: copy its secret now, it is not shown again',
      ...(await createEndpoint(database, { actor: actorOf(res), sealingKey, input })),
    })
  })
  router.delete('/webhooks/endpoints/:endpointId/', signedIn, async (req, res) => {
    await deleteEndpoint(database, { actor: actorOf(res), endpointId: endpointOf(req.params.endpointId) })
    res.json({ message: 'Webhook endpoint deleted' })
  })
  router.get('/webhooks/endpoints/:endpointId/deliveries/', signedIn, async (req, res) => {
    res.json({
      deliveries: await listDeliveries(database, {
        actor: actorOf(res),
        endpointId: endpointOf(req.params.endpointId),
      }),
    })
  })
  // A custom event of the account's own (its server, a Zap), sent to the endpoints that hear custom.event.
  router.post('/webhooks/events/', signedIn, async (req, res) => {
    const { name, data } = CustomEventSchema.parse(req.body)
    await rateLimits.limitCustomEvents(actorOf(res).userId)
    const queued = await emitWebhookEvent(database.prisma, {
      accountId: actorOf(res).userId,
      event: 'custom.event',
      data: { name, data },
    })
    res.status(202).json({ message: 'Event queued', deliveries: queued })
  })
  return router
}
