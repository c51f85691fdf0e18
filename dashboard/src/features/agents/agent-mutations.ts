// Changing agents (SPEC sections 5 and 8): create, update and delete with the SPEC's toasts; every
// change refreshes all agent reads and the dashboard.
import type { ApiClient } from '../../api/api-client.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { DASHBOARD_KEY } from '../../shared/query-keys.ts'
import type { Agent } from './agent.types.ts'
import { AGENTS_KEY } from './agents.queries.ts'
import { agentRoutes } from '../../api/routes/agent-routes.ts'

export interface AgentChanges {
  name?: string
  description?: string
  visibility?: 'public' | 'private'
  is_active?: boolean
  is_favorite?: boolean
  is_archived?: boolean
  auto_embed?: boolean
}

export function useCreateAgent(onSuccess: (agent: Agent) => void) {
  return useApiMutation({
    run: (client: ApiClient, input: { name: string; description: string }) =>
      client.call(agentRoutes.create, {
        body: {
          name: input.name.trim(),
          visibility: 'private',
          ...(input.description.trim() ? { description: input.description.trim() } : {}),
        },
      }),
    errorTitle: 'Failed to create agent',
    successToast: { title: 'Agent created', message: 'Your agent has been created successfully.' },
    invalidates: [AGENTS_KEY, DASHBOARD_KEY],
    onSuccess,
  })
}

export function useUpdateAgent(onSuccess?: (agent: Agent) => void) {
  return useApiMutation({
    run: (client: ApiClient, input: { agentId: string; changes: AgentChanges }) =>
      client.call(agentRoutes.update, { params: { agentId: input.agentId }, body: input.changes }),
    errorTitle: 'Failed to update agent',
    successToast: { title: 'Agent updated', message: 'The agent has been updated successfully.' },
    invalidates: [AGENTS_KEY, DASHBOARD_KEY],
    onSuccess,
  })
}

export function useDeleteAgent(onSuccess?: () => void) {
  return useApiMutation({
    run: (client: ApiClient, agentId: string) => client.call(agentRoutes.delete, { params: { agentId } }),
    errorTitle: 'Failed to delete agent',
    successToast: { title: 'Agent deleted', message: 'The agent has been deleted successfully.' },
    invalidates: [AGENTS_KEY, DASHBOARD_KEY],
    onSuccess,
  })
}
