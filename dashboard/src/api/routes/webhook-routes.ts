// The account's outgoing webhook endpoints and their deliveries (docs/api/webhooks.md).
import { z } from 'zod'
import { CreateEndpointSchema, DeliveryViewSchema, EndpointViewSchema } from '#server/webhooks/webhooks.schemas.ts'
import { apiRoute } from '../api-route.ts'
import { MessageAnswerSchema } from './plain-schemas.ts'

export const webhookRoutes = {
  endpoints: apiRoute({
    method: 'GET',
    path: '/webhooks/endpoints/',
    answer: z.object({ endpoints: z.array(EndpointViewSchema) }),
  }),
  /** The endpoint and its signing secret, this once. */
  createEndpoint: apiRoute({
    method: 'POST',
    path: '/webhooks/endpoints/',
    body: CreateEndpointSchema,
    answer: EndpointViewSchema.extend({ message: z.string(), secret: z.string() }),
  }),
  deleteEndpoint: apiRoute({ method: 'DELETE', path: '/webhooks/endpoints/:endpointId/', answer: MessageAnswerSchema }),
  deliveries: apiRoute({
    method: 'GET',
    path: '/webhooks/endpoints/:endpointId/deliveries/',
    answer: z.object({ deliveries: z.array(DeliveryViewSchema) }),
  }),
}
