// Billing changes (SPEC sections 4 and 8): cancelling a subscription, opening the billing portal and
// starting a checkout, each with the SPEC's words for success and failure.
import type { CheckoutCustomer, PortalAnswer } from '#server/billing/billing.schemas.ts'
import { useMutation } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client.ts'
import { useApi } from '../../api/api-context.tsx'
import { ApiError } from '../../api/api-error.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { reportError } from '../../feedback/report-error.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { BILLING_KEY } from './billing.queries.ts'
import { billingRoutes } from '../../api/routes/billing-routes.ts'

const said = (error: unknown) =>
  error instanceof ApiError && typeof error.body?.message === 'string' ? error.body.message : null

/** SPEC section 8, Cancel: 400 the server's reason or Invalid request data; 404 Subscription not found; otherwise the server's reason or Failed to cancel subscription. */
function cancelProblem(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'Subscription not found'
  if (error instanceof ApiError && error.status === 400) return said(error) ?? 'Invalid request data'
  return said(error) ?? 'Failed to cancel subscription'
}

export function useCancelSubscription() {
  const toaster = useToast()
  return useApiMutation<string, { message?: string }>({
    run: (client, subscriptionId) =>
      client.call(billingRoutes.cancel, {
        body: { subscription_id: subscriptionId, immediate: false },
      }),
    errorTitle: 'Failed to cancel subscription',
    errorMessage: cancelProblem,
    successToast: false,
    invalidates: [BILLING_KEY],
    onSuccess: (answer) => toaster.success(answer.message || 'Subscription cancelled successfully'),
  })
}

/**
 * Manage Billing: the provider's portal in a new tab. The tab is opened blank in the click itself (a tab
 * opened after waiting for the server is a pop-up that browsers such as Safari block), cut off from this
 * page, then sent to the portal; it closes again when the portal cannot be reached. Where even that tab
 * is blocked, this page goes to the portal.
 */
export function useOpenBillingPortal() {
  const mutation = useApiMutation<Window | null, PortalAnswer>({
    run: async (client: ApiClient) => {
      const answer = await client.call(billingRoutes.portal)
      if (!answer.customer_portal_url) throw new Error('Failed to get billing portal')
      return answer
    },
    errorTitle: 'Failed to open billing portal',
    successToast: false,
    onSuccess: (answer, tab) => {
      const url = answer.customer_portal_url as string
      // A blocked tab: this page goes to the portal instead (the portal comes back to Usage & Plan).
      if (tab && !tab.closed) tab.location.replace(url)
      else window.location.assign(url)
    },
    onError: (_error, tab) => tab?.close(),
  })
  const open = () => {
    const tab = window.open('', '_blank')
    if (tab) tab.opener = null
    mutation.mutate(tab)
  }
  return { open, isPending: mutation.isPending }
}

export interface CheckoutRequest {
  priceId: number
  /** The page's origin: the provider sends the browser back to /app/payment-success or /app/payment-cancel. */
  origin: string
  /** The customer information: the Stripe customer takes it. */
  customer: CheckoutCustomer
}

/** A checkout session for a plan's price; on success the browser goes to the provider's checkout page. */
export function useStartCheckout(goTo: (url: string) => void = (url) => window.location.assign(url)) {
  const client = useApi()
  const toaster = useToast()
  return useMutation<string, unknown, CheckoutRequest>({
    mutationFn: async ({ priceId, origin, customer }) => {
      const answer = await client.call(billingRoutes.checkout, {
        body: {
          price_id: priceId,
          success_url: `${origin}/app/payment-success`,
          cancel_url: `${origin}/app/payment-cancel`,
          customer,
        },
      })
      if (!answer.checkout_url) throw new Error('Failed to create payment session')
      return answer.checkout_url
    },
    onSuccess: goTo,
    onError: (error) => reportError(toaster, error, 'Payment failed'),
  })
}
