// SPEC section 2, Settings, Billing & Plans: the plan's limits, -1 shown as ∞.
import { BlockStack, Card, Text } from '@shopify/polaris'
import { LIMIT_NAMES, type Subscription } from '#server/billing/billing.schemas.ts'
import { formatPlanLimit, LIMIT_LABELS, limitOf } from './usage-figures.ts'

export function PlanLimitsCard({ subscription }: { subscription: Subscription }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h3" variant="headingMd">
          Plan Limits
        </Text>
        <dl className="billing-facts" data-testid="plan-limits">
          {LIMIT_NAMES.map((name) => (
            <div key={name} style={{ display: 'contents' }}>
              <dt>{LIMIT_LABELS[name]}</dt>
              <dd>{formatPlanLimit(limitOf(subscription.features_limit, name))}</dd>
            </div>
          ))}
        </dl>
      </BlockStack>
    </Card>
  )
}
