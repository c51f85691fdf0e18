// Reading an agent's widget integrations. Keys start with 'widgets' then the agent, so a change to one
// agent's widgets refreshes that agent's list only (SPEC section 4, widget flow).
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client.ts'
import { widgetRoutes } from '../../api/routes/widget-routes.ts'

const WIDGETS_KEY = ['widgets'] as const

export const widgetListKey = (agentId: string) => [...WIDGETS_KEY, agentId] as const

export const widgetIntegrationsQuery = (client: ApiClient, agentId: string) =>
  queryOptions({
    queryKey: widgetListKey(agentId),
    queryFn: () => client.call(widgetRoutes.list, { params: { agentId } }),
  })
