// Switching a widget on or off without deleting it (PUT with is_active): an inactive widget answers
// "This chat widget is not available." on the customer's site, and comes back when switched on.
import { useQueryClient } from '@tanstack/react-query'
import { widgetRoutes } from '../../api/routes/widget-routes.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import type { WidgetIntegration } from './widget.types.ts'
import { widgetListKey } from './widgets.queries.ts'

export interface ActiveChange {
  integration: WidgetIntegration
  isActive: boolean
}

export function useSetIntegrationActive() {
  const toaster = useToast()
  const queryClient = useQueryClient()
  return useApiMutation<ActiveChange, WidgetIntegration>({
    run: (client, { integration, isActive }) =>
      client.call(widgetRoutes.setActive, {
        params: { agentId: integration.agent_id, integrationId: integration.integration_id },
        body: { is_active: isActive },
      }),
    errorTitle: 'Failed to update integration',
    successToast: false,
    onSuccess: (_answer, { integration, isActive }) => {
      toaster.success(
        isActive ? 'Integration Activated' : 'Integration Deactivated',
        isActive
          ? `The chat widget works on ${integration.website_domain} again.`
          : `The chat widget no longer opens on ${integration.website_domain}.`,
      )
      void queryClient.invalidateQueries({ queryKey: widgetListKey(integration.agent_id) })
    },
  })
}
