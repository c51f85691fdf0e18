// What the server is set up with (GET /dashboard/api/server-setup/): the answering model, the billing
// mode... Read by several features; it changes only when the server restarts.
import { queryOptions } from '@tanstack/react-query'
import type { ServerSetup } from '#server/stats/server-setup.ts'
import type { ApiClient } from '../api/api-client.ts'

export const serverSetupQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['server-setup'],
    queryFn: () => client.request<ServerSetup>('/dashboard/api/server-setup/'),
    staleTime: 5 * 60_000,
  })
