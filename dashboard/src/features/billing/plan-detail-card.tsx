// SPEC section 2, Plans: the chosen plan's detail card (price per month, features) and Get Started
// with {plan}, which leads to the customer information before payment.
import { Badge, BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris'
import type { Plan } from '#server/billing/billing.schemas.ts'
import { PlanFeatures } from './plan-features.tsx'
import { PlanPrice } from './plan-price.tsx'

export function PlanDetailCard({ plan, currency }: { plan: Plan; currency: string }) {
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h2" variant="headingLg">
            {plan.name}
          </Text>
          {plan.is_default ? <Badge>Default</Badge> : null}
          {plan.is_most_popular ? <Badge tone="info">Most Popular</Badge> : null}
        </InlineStack>
        {plan.description ? <Text as="p">{plan.description}</Text> : null}
        <PlanPrice plan={plan} currency={currency} />
        <PlanFeatures plan={plan} />
        <div>
          <Button variant="primary" url={`/app/customer-info?plan=${plan.id}`}>
            {`Get Started with ${plan.name}`}
          </Button>
        </div>
      </BlockStack>
    </Card>
  )
}
