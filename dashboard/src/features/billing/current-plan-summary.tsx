// SPEC section 2, Settings, Billing & Plans: the current plan, its status (Free trial, Active, Past due or
// Expired, as on Usage & Plan), start, end, remaining days, and whether this server enforces plan limits.
import { BlockStack, Card, InlineStack, Text } from '@shopify/polaris'
import { formatDate } from '../../shared/format/format-dates.ts'
import type { Subscription } from '#server/billing/billing.schemas.ts'
import { PlanStatusBadges } from './plan-status-badges.tsx'
import { isSubscriptionActive } from './subscription-state.ts'

const billingModeText = (subscription: Subscription) =>
  subscription.billing_mode === 'unlimited'
    ? 'Billing mode: Unlimited (this server does not enforce plan limits)'
    : 'Billing mode: Enforced'

export function CurrentPlanSummary({ subscription }: { subscription: Subscription }) {
  const active = isSubscriptionActive(subscription)
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center" wrap>
          <Text as="h3" variant="headingMd">
            {`Current Plan: ${subscription.plan_name}`}
          </Text>
          <PlanStatusBadges subscription={subscription} />
        </InlineStack>
        <dl className="billing-facts">
          <dt>Start</dt>
          <dd>{formatDate(subscription.subscription_start_date)}</dd>
          <dt>End</dt>
          <dd>{formatDate(subscription.subscription_end_date)}</dd>
          <dt>Remaining days</dt>
          <dd>{active ? subscription.remaining_days : 0}</dd>
        </dl>
        <Text as="p" tone="subdued">
          {billingModeText(subscription)}
        </Text>
      </BlockStack>
    </Card>
  )
}
