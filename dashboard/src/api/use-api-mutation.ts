// Changes made through the API (SPEC sections 7 and 8): a successful answer carrying a message shows it
// as a Success toast (unless the screen has its own words); a failure shows an error toast with the
// feature's title and the server's reason (a plan's refusal with an Upgrade Plan action, report-error.ts).
// Listed query keys are refreshed afterwards.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { reportError } from '../feedback/report-error.ts'
import { useToast } from '../feedback/toast-context.tsx'
import { useApi } from './api-context.tsx'
import { isDemoModeRefusal } from './api-error.ts'
import type { ApiClient } from './api-client.ts'

export interface ApiMutationOptions<Input, Output> {
  run(client: ApiClient, input: Input): Promise<Output>
  /** The toast title of a failure, e.g. "Failed to create agent". */
  errorTitle?: string
  /** The failure's message in the screen's own words; the server's message otherwise. */
  errorMessage?(error: unknown): string
  /** The toast of a success; without it the server's message is shown as "Success". false: none. */
  successToast?: { title: string; message?: string } | false
  /** Query key prefixes to refresh after a success. */
  invalidates?: QueryKey[]
  onSuccess?(output: Output, input: Input): void
  onError?(error: unknown, input: Input): void
}

export function useApiMutation<Input = void, Output = Record<string, unknown>>(
  options: ApiMutationOptions<Input, Output>,
) {
  const client = useApi()
  const toaster = useToast()
  const queryClient = useQueryClient()
  return useMutation<Output, unknown, Input>({
    mutationFn: (input) => options.run(client, input),
    onSuccess: async (output, input) => {
      if (options.successToast) toaster.success(options.successToast.title, options.successToast.message)
      else if (
        options.successToast !== false &&
        output &&
        typeof (output as Record<string, unknown>).message === 'string'
      )
        toaster.success('Success', String((output as Record<string, unknown>).message))
      await Promise.all((options.invalidates ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })))
      options.onSuccess?.(output, input)
    },
    onError: (error, input) => {
      // Demo mode saves nothing and says so, as it did before the route table: not a failure.
      if (isDemoModeRefusal(error)) return toaster.info('Demo mode', error.message)
      if (options.errorMessage)
        reportError(toaster, error, options.errorTitle ?? 'Request Failed', options.errorMessage(error))
      else reportError(toaster, error, options.errorTitle)
      options.onError?.(error, input)
    },
  })
}
