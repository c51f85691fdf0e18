// Deleting a widget integration (SPEC section 8): "Integration Deleted" on success, a destructive
// "Error" toast with the reason on failure; the agent's widget list is refreshed.
import { useQueryClient } from '@tanstack/react-query'
import { widgetRoutes } from '../../api/routes/widget-routes.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import type { WidgetIntegration } from './widget.types.ts'
import { widgetListKey } from './widgets.queries.ts'

export function useDeleteIntegration() {
  const queryClient = useQueryClient()
  return useApiMutation<WidgetIntegration>({
    run: (client, integration) =>
      client.call(widgetRoutes.delete, {
        params: { agentId: integration.agent_id, integrationId: integration.integration_id },
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
