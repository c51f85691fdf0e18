// Creating a widget integration (SPEC sections 4 and 8): multipart with the optional logo; on success
// the two success toasts and the agent's widget list refreshed; on failure the form stays, with the
// generic failure toast and a destructive "Error" toast carrying the server's reason.
import { useQueryClient } from '@tanstack/react-query'
import type { NewIntegration } from '#server/widgets/widgets.schemas.ts'
import type { ApiClient } from '../../api/api-client.ts'
import { widgetRoutes } from '../../api/routes/widget-routes.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { integrationFormData } from './integration-form-data.ts'
import type { WidgetIntegration } from './widget.types.ts'
import { widgetListKey } from './widgets.queries.ts'

export interface NewIntegrationRequest {
  agentId: string
  payload: NewIntegration
  logo: File | null
}

export function useCreateIntegration(onCreated: (integration: WidgetIntegration) => void) {
  const toaster = useToast()
  const queryClient = useQueryClient()
  return useApiMutation({
    run: (client: ApiClient, { agentId, payload, logo }: NewIntegrationRequest) =>
      client.call(widgetRoutes.create, { params: { agentId }, form: integrationFormData(payload, logo) }),
    errorTitle: 'Error',
    successToast: false,
    onSuccess: (answer, { agentId }) => {
      // Demo mode creates nothing: the client reports that as a failure (there is no key to build code from).
      toaster.success('Widget integration created successfully!')
      toaster.success('Integration Created', 'Your chat widget integration has been created successfully.')
      void queryClient.invalidateQueries({ queryKey: widgetListKey(agentId) })
      onCreated(answer)
    },
    onError: () => toaster.error('Failed to create widget integration. Please try again.'),
  })
}
