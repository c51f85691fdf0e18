// Creating a widget integration (SPEC sections 4 and 8): multipart with the optional logo; on success
// the two success toasts and the agent's widget list refreshed; on failure the form stays, with the
// generic failure toast and a destructive "Error" toast carrying the server's reason.
import { useQueryClient } from '@tanstack/react-query'
import type { NewIntegration } from '#server/widgets/widgets.schemas.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { integrationFormData } from './integration-form-data.ts'
import type { WidgetIntegration } from './widget.types.ts'
import { integrationsPath, widgetListKey } from './widgets.queries.ts'

export interface NewIntegrationRequest {
  agentId: string
  payload: NewIntegration
  logo: File | null
}

/** What the create call answers: the integration, or in demo mode only a message. */
type CreateAnswer = WidgetIntegration | { message?: string; client_key?: undefined }

const isIntegration = (answer: CreateAnswer): answer is WidgetIntegration => typeof answer.client_key === 'string'

export function useCreateIntegration(onCreated: (integration: WidgetIntegration) => void) {
  const toaster = useToast()
  const queryClient = useQueryClient()
  return useApiMutation<NewIntegrationRequest, CreateAnswer>({
    run: (client, { agentId, payload, logo }) =>
      client.request<CreateAnswer>(integrationsPath(agentId), {
        method: 'POST',
        form: integrationFormData(payload, logo),
      }),
    errorTitle: 'Error',
    successToast: false,
    onSuccess: (answer, { agentId }) => {
      // Demo mode accepts the change without creating anything: there is no key to build code from.
      if (!isIntegration(answer)) {
        toaster.info('Demo mode', answer.message)
        return
      }
      toaster.success('Widget integration created successfully!')
      toaster.success('Integration Created', 'Your chat widget integration has been created successfully.')
      void queryClient.invalidateQueries({ queryKey: widgetListKey(agentId) })
      onCreated(answer)
    },
    onError: () => toaster.error('Failed to create widget integration. Please try again.'),
  })
}
