// SPEC section 2, Payment cancelled (/app/payment-cancel): no charge was made and the plan is unchanged.
import { BlockStack, Button, Card, InlineStack, Page, Text } from '@shopify/polaris'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import '../../features/billing/billing.css'

export function PaymentCancelPage() {
  useDocumentTitle('Payment Cancelled')
  return (
    <Page narrowWidth>
      <Card>
        <div className="payment-result">
          <BlockStack gap="400" inlineAlign="center">
            <Text as="h1" variant="headingXl">
              Payment Cancelled
            </Text>
            <Text as="p">Your payment was cancelled and no charge was made.</Text>
            <Text as="p" tone="subdued">
              Your current plan is unchanged.
            </Text>
            <InlineStack gap="200" align="center">
              <Button variant="primary" url="/app/payment">
                Try Payment Again
              </Button>
              <Button url="/app/plans">Back to Plans</Button>
            </InlineStack>
          </BlockStack>
        </div>
      </Card>
    </Page>
  )
}
