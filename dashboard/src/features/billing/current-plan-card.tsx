// SPEC section 2, Usage & Plan: Current Plan: {plan_name}, days remaining or Expired, the next billing
// date, Manage Billing (the billing portal in a new tab, for a plan paid at Stripe) and Upgrade Plan; a Shopify merchant's plan is
// managed in their Shopify admin instead, which the card links to.
import { ShopifyBillingNotice } from './shopify-billing-notice.tsx'
import { BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris'
import { formatDate } from '../../shared/format/format-dates.ts'
import { useOpenBillingPortal } from './billing.mutations.ts'
import type { Subscription } from '#server/billing/billing.schemas.ts'
import { PlanStatusBadges } from './plan-status-badges.tsx'
import { isSubscriptionActive, nextDate, paysAtStripe, remainingText } from './subscription-state.ts'

export function CurrentPlanCard({ subscription }: { subscription: Subscription }) {
  const portal = useOpenBillingPortal()
  const next = nextDate(subscription)
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center" wrap>
          <Text as="h2" variant="headingLg">
            {`Current Plan: ${subscription.plan_name}`}
          </Text>
          <PlanStatusBadges subscription={subscription} />
        </InlineStack>
        <Text as="p" variant="headingMd" tone={isSubscriptionActive(subscription) ? undefined : 'critical'}>
          {remainingText(subscription)}
        </Text>
        <Text as="p" tone="subdued">
          {`${next.label}: ${formatDate(next.date)}`}
        </Text>
        {subscription.managed_in_shopify ? (
          <ShopifyBillingNotice adminUrl={subscription.managed_in_shopify} />
        ) : (
          <InlineStack gap="200" wrap>
            {/* The portal is Stripe's: a trial or a plan given by the operator has no card to manage there. */}
            {paysAtStripe(subscription) ? (
              <Button onClick={portal.open} loading={portal.isPending}>
                Manage Billing
              </Button>
            ) : null}
            <Button variant="primary" url="/app/payment">
              Upgrade Plan
            </Button>
          </InlineStack>
        )}
      </BlockStack>
    </Card>
  )
}
