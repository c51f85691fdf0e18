// Deleting a widget integration (SPEC section 8): "Integration Deleted" on success, a destructive
// "Error" toast with the reason on failure; the agent's widget list is refreshed.
import { useQueryClient } from '@tanstack/react-query'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import type { WidgetIntegration } from './widget.types.ts'
import { integrationsPath, widgetListKey } from './widgets.queries.ts'

export function useDeleteIntegration() {
  const queryClient = useQueryClient()
  return useApiMutation<WidgetIntegration>({
    run: (client, integration) =>
      client.request(`${integrationsPath(integration.agent_id)}${encodeURIComponent(integration.integration_id)}/`, {
        method: 'DELETE',
      }),
    errorTitle: 'Error',
    successToast: {
      title: 'Integration Deleted',
      message: 'The chat widget integration has been deleted successfully.',
    },
    onSuccess: (_answer, integration) =>
      void queryClient.invalidateQueries({ queryKey: widgetListKey(integration.agent_id) }),
  })
}
