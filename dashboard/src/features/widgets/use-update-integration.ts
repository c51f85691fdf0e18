// Editing a widget integration (SPEC section 7: PUT with the same fields, only those supplied): the same
// multipart form as creating, so a new logo can travel with it. The client key, and so the embed code on
// the customer's site, stays the same. The form does not own the allowed subdomains or the daily token
// budget, so an edit leaves them as they are.
import { useQueryClient } from '@tanstack/react-query'
import type { NewIntegration } from '#server/widgets/widgets.schemas.ts'
import { widgetRoutes } from '../../api/routes/widget-routes.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { integrationFormData } from './integration-form-data.ts'
import type { WidgetIntegration } from './widget.types.ts'
import { widgetListKey } from './widgets.queries.ts'

export interface IntegrationEdit {
  integration: WidgetIntegration
  payload: NewIntegration
  logo: File | null
}

export function useUpdateIntegration(onSaved: () => void) {
  const toaster = useToast()
  const queryClient = useQueryClient()
  return useApiMutation<IntegrationEdit, { message?: string }>({
    run: (client, { integration, payload, logo }) => {
      const { allow_subdomains: _notOwnedHere, ...fields } = payload
      return client.call(widgetRoutes.update, {
        params: { agentId: integration.agent_id, integrationId: integration.integration_id },
        form: integrationFormData(fields as NewIntegration, logo),
      })
    },
    errorTitle: 'Failed to update widget integration',
    successToast: false,
    onSuccess: (answer, { integration }) => {
      toaster.success(
        answer.message ?? 'Widget integration updated successfully',
        `The widget on ${integration.website_domain} shows the change; its embed code stays the same.`,
      )
      void queryClient.invalidateQueries({ queryKey: widgetListKey(integration.agent_id) })
      onSaved()
    },
  })
}
