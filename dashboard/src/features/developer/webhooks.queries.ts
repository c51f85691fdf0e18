// The account's webhook endpoints and their deliveries (docs/api/webhooks.md).
import { queryOptions } from '@tanstack/react-query'
import type { EndpointView, WebhookEvent } from '#server/webhooks/webhooks.schemas.ts'
import type { ApiClient } from '../../api/api-client.ts'
import { webhookRoutes } from '../../api/routes/webhook-routes.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'

const WEBHOOKS_KEY = ['webhooks'] as const

export const endpointsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: [...WEBHOOKS_KEY, 'endpoints'],
    queryFn: async () => (await client.call(webhookRoutes.endpoints)).endpoints,
  })

export const deliveriesQuery = (client: ApiClient, endpointId: string) =>
  queryOptions({
    queryKey: [...WEBHOOKS_KEY, 'deliveries', endpointId],
    queryFn: async () => (await client.call(webhookRoutes.deliveries, { params: { endpointId } })).deliveries,
    // The log moves while events are sent and retried.
    refetchInterval: 10_000,
  })

export function useCreateEndpoint(onCreated: (created: EndpointView & { secret: string }) => void) {
  return useApiMutation({
    run: (client: ApiClient, input: { url: string; events: WebhookEvent[] }) =>
      client.call(webhookRoutes.createEndpoint, { body: input }),
    errorTitle: 'Failed to add the endpoint',
    successToast: { title: 'Endpoint added' },
    invalidates: [WEBHOOKS_KEY],
    onSuccess: onCreated,
  })
}

export function useDeleteEndpoint() {
  return useApiMutation({
    run: (client: ApiClient, endpointId: string) =>
      client.call(webhookRoutes.deleteEndpoint, { params: { endpointId } }),
    errorTitle: 'Failed to delete the endpoint',
    successToast: { title: 'Endpoint deleted' },
    invalidates: [WEBHOOKS_KEY],
  })
}
