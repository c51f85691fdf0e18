// SPEC section 2, Payment success (/app/payment-success): the account is activated, what comes next,
// the welcome toast once, and the way on. The subscription changed: billing reads start afresh.
import { BlockStack, Button, Card, InlineStack, Page, Text } from '@shopify/polaris'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { BILLING_KEY } from '../../features/billing/billing.queries.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import '../../features/billing/billing.css'

const NEXT_STEPS = [
  'Access to all premium features',
  'Priority customer support',
  'Your billing cycle starts today',
  'Manage your subscription anytime',
]

export function PaymentSuccessPage() {
  useDocumentTitle('Payment Successful!')
  const toaster = useToast()
  const queryClient = useQueryClient()
  const welcomed = useRef(false)
  useEffect(() => {
    if (welcomed.current) return
    welcomed.current = true
    toaster.success('Payment successful! Welcome to your new plan!')
    void queryClient.invalidateQueries({ queryKey: BILLING_KEY })
  }, [queryClient, toaster])
  return (
    <Page narrowWidth>
      <Card>
        <div className="payment-result">
          <BlockStack gap="400" inlineAlign="center">
            <Text as="h1" variant="headingXl">
              Payment Successful!
            </Text>
            <Text as="p">Thank you. Your account has been activated and your new plan is ready to use.</Text>
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
            <InlineStack gap="200" align="center">
              <Button variant="primary" url="/app/dashboard">
                Go to Dashboard
              </Button>
              <Button url="/app/plans">View Plans</Button>
            </InlineStack>
          </BlockStack>
        </div>
      </Card>
    </Page>
  )
}
