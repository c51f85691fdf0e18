// SPEC section 2, Payment: one plan's card with its price per month, its features, the Most Popular
// badge for the most popular plan, and Get Started.
import { Badge, BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris'
import type { Plan } from '#server/billing/billing.schemas.ts'
import { PlanFeatures } from './plan-features.tsx'
import { PlanPrice } from './plan-price.tsx'

export interface PlanCardProps {
  plan: Plan
  currency: string
  busy?: boolean
  onChoose(plan: Plan): void
}

export function PlanCard({ plan, currency, busy = false, onChoose }: PlanCardProps) {
  return (
    <div className={`plan-card${plan.is_most_popular ? ' plan-card--popular' : ''}`} data-testid="plan-card">
      <Card>
        <BlockStack gap="300">
          <InlineStack gap="200" align="space-between" blockAlign="center">
            <Text as="h2" variant="headingLg">
              {plan.name}
            </Text>
            {plan.is_most_popular ? <Badge tone="info">Most Popular</Badge> : null}
          </InlineStack>
          {plan.description ? (
            <Text as="p" tone="subdued">
              {plan.description}
            </Text>
          ) : null}
          <PlanPrice plan={plan} currency={currency} />
          <PlanFeatures plan={plan} />
          <Button
            variant={plan.is_most_popular ? 'primary' : 'secondary'}
            fullWidth
            onClick={() => onChoose(plan)}
            loading={busy}
            accessibilityLabel={`Get Started with ${plan.name}`}
          >
            Get Started
          </Button>
        </BlockStack>
      </Card>
    </div>
  )
}
