// Reading agents: one query factory per call; every key starts with 'agents' so a change refreshes all.
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client.ts'
import { agentRoutes } from '../../api/routes/agent-routes.ts'

export const AGENTS_KEY = ['agents'] as const
/** SPEC section 9: the agent list polls every 5 s and is stale after 10 s. */
export const AGENT_LIST_POLL_MS = 5_000
const AGENT_LIST_STALE_MS = 10_000

export const agentListQuery = (client: ApiClient, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...AGENTS_KEY, 'list', page, pageSize],
    queryFn: () => client.call(agentRoutes.list, { query: { page, page_size: pageSize } }),
    staleTime: AGENT_LIST_STALE_MS,
  })

export const agentQuery = (client: ApiClient, agentId: string) =>
  queryOptions({
    queryKey: [...AGENTS_KEY, 'detail', agentId],
    queryFn: () => client.call(agentRoutes.read, { params: { agentId } }),
  })

/** The dropdowns' list (SPEC: page_size 100). */
export const agentChoicesQuery = (client: ApiClient) => agentListQuery(client, 1, 100)
