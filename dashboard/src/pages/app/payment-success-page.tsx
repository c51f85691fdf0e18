// SPEC section 2, Payment success (/app/payment-success): the account is activated, what comes next,
// the welcome toast once, and the way on. Said only when the server confirms a paid, active plan (issue
// 37): until the provider's confirmation arrives the page waits, and if it does not it says so, with the
// way on; an account that paid nothing never reads "Payment Successful!".
import { BlockStack, Button, Card, InlineStack, Page, Spinner, Text } from '@shopify/polaris'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { BILLING_KEY } from '../../features/billing/billing.queries.ts'
import type { SubscriptionReading } from '../../features/billing/billing.types.ts'
import { forgetCustomerInfo } from '../../features/billing/customer-info.ts'
import { usePaymentConfirmation } from '../../features/billing/use-payment-confirmation.ts'
import { messageOf } from '../../feedback/report-error.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import { NOTIFICATIONS_KEY } from '../../shared/query-keys.ts'
import '../../features/billing/billing.css'

const NEXT_STEPS = [
  'Access to all premium features',
  'Priority customer support',
  'Your billing cycle starts today',
  'Manage your subscription anytime',
]

const TITLES = {
  confirming: 'Confirming your payment',
  paid: 'Payment Successful!',
  'not-received': 'We have not received your payment yet',
}

/** Where the account stands while no payment is confirmed. */
function planNow(reading: SubscriptionReading | undefined): string {
  if (reading?.kind !== 'current') return 'No paid plan has been confirmed for your account.'
  const { plan_name, is_trial } = reading.subscription
  return `Your account is still on ${is_trial ? `the free trial of ${plan_name}` : plan_name}: no new payment has been confirmed.`
}

export function PaymentSuccessPage() {
  const { state, reading, checkAgain } = usePaymentConfirmation()
  useDocumentTitle(TITLES[state])
  const toaster = useToast()
  const queryClient = useQueryClient()
  const welcomed = useRef(false)
  useEffect(() => {
    if (state !== 'paid' || welcomed.current) return
    welcomed.current = true
    toaster.success('Payment successful! Welcome to your new plan!')
    // The details typed before checkout were needed only for it.
    forgetCustomerInfo(sessionStorage)
    void queryClient.invalidateQueries({ queryKey: BILLING_KEY })
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY })
  }, [state, queryClient, toaster])
  const planName = reading.data?.kind === 'current' ? reading.data.subscription.plan_name : null
  return (
    <Page narrowWidth>
      <Card>
        <div className="payment-result" aria-live="polite">
          <BlockStack gap="400" inlineAlign="center">
            <Text as="h1" variant="headingXl">
              {TITLES[state]}
            </Text>
            {state === 'confirming' ? (
              <>
                <Spinner accessibilityLabel="Waiting for the payment's confirmation" size="small" />
                <Text as="p">
                  We are waiting for the payment provider to confirm your payment. This page updates by itself.
                </Text>
              </>
            ) : state === 'paid' ? (
              <>
                <Text as="p">{`Thank you. Your account has been activated and your ${planName ?? 'new'} plan is ready to use.`}</Text>
                <BlockStack gap="200" inlineAlign="center">
                  <Text as="h2" variant="headingMd">
                    What's next
                  </Text>
                  <ul>
                    {NEXT_STEPS.map((step) => (
                      <li key={step}>{step}</li>
                    ))}
                  </ul>
                </BlockStack>
              </>
            ) : (
              <>
                <Text as="p">{planNow(reading.data)}</Text>
                <Text as="p" tone="subdued">
                  If you paid, the confirmation can take a few minutes to reach us: check again in a moment. If you left
                  the checkout before paying, choose a plan to try again.
                </Text>
                {reading.isError ? (
                  <Text as="p" tone="critical">{`We could not check: ${messageOf(reading.error)}`}</Text>
                ) : null}
              </>
            )}
            <InlineStack gap="200" align="center">
              {state === 'not-received' ? (
                <>
                  <Button variant="primary" onClick={checkAgain}>
                    Check again
                  </Button>
                  <Button url="/app/payment">Choose a Plan</Button>
                  <Button url="/app/dashboard">Go to Dashboard</Button>
                </>
              ) : state === 'paid' ? (
                <>
                  <Button variant="primary" url="/app/dashboard">
                    Go to Dashboard
                  </Button>
                  <Button url="/app/plans">View Plans</Button>
                </>
              ) : null}
            </InlineStack>
          </BlockStack>
        </div>
      </Card>
    </Page>
  )
}
