// SPEC section 2, Customer information: the order summary of a known plan (name, features, price per month).
import { BlockStack, Card, Text } from '@shopify/polaris'
import type { Plan } from '#server/billing/billing.schemas.ts'
import { PlanFeatures } from './plan-features.tsx'
import { PlanPrice } from './plan-price.tsx'

export function OrderSummary({ plan, currency }: { plan: Plan; currency: string }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Order Summary
        </Text>
        <Text as="p" variant="headingLg">
          {plan.name}
        </Text>
        <PlanPrice plan={plan} currency={currency} />
        <PlanFeatures plan={plan} />
      </BlockStack>
    </Card>
  )
}
