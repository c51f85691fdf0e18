// SPEC section 2, Usage & Plan, Overview tab: the usage summary (tokens, conversations, agents, widgets,
// team members) and the subscription's details (plan, status Active/Inactive, or Free trial during the
// trial and Cancelled once set to end, started, renews or ends).
import { BlockStack, Card, Text } from '@shopify/polaris'
import { formatCount } from '../../shared/format/format-count.ts'
import { formatDate } from '../../shared/format/format-dates.ts'
import type { Subscription } from '#server/billing/billing.schemas.ts'
import { isSubscriptionActive, nextDate, planStandingOf } from './subscription-state.ts'
import { formatLimit, usageFigures } from './usage-figures.ts'

const SUMMARY = ['tokens', 'conversations', 'agents', 'widgets', 'team_members'] as const

const STATUS_TEXT = { trial: 'Free trial', paid: 'Active', ending: 'Cancelled (access until the end date)' } as const

function statusText(subscription: Subscription): string {
  const standing = planStandingOf({ kind: 'current', subscription })
  if (standing === 'trial' || standing === 'paid' || standing === 'ending') {
    return subscription.status === 'past_due' ? 'Past due' : STATUS_TEXT[standing]
  }
  return 'Inactive'
}

export function SubscriptionOverview({ subscription }: { subscription: Subscription }) {
  const next = nextDate(subscription)
  return (
    <div className="billing-two-columns">
      <Card>
        <BlockStack gap="300">
          <Text as="h3" variant="headingMd">
            Usage Summary
          </Text>
          <dl className="billing-facts">
            {usageFigures(subscription, SUMMARY).map((figure) => (
              <div key={figure.name} style={{ display: 'contents' }}>
                <dt>{figure.label}</dt>
                <dd>{`${formatCount(figure.used)} of ${formatLimit(figure.limit)}`}</dd>
              </div>
            ))}
          </dl>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h3" variant="headingMd">
            Subscription Details
          </Text>
          <dl className="billing-facts">
            <dt>Plan</dt>
            <dd>{subscription.plan_name}</dd>
            <dt>Status</dt>
            <dd data-testid="subscription-status">{statusText(subscription)}</dd>
            <dt>Started</dt>
            <dd>{formatDate(subscription.subscription_start_date)}</dd>
            <dt>
              {subscription.is_trial || subscription.cancel_at_period_end || !isSubscriptionActive(subscription)
                ? 'Ends'
                : 'Renews'}
            </dt>
            <dd>{formatDate(next.date)}</dd>
          </dl>
        </BlockStack>
      </Card>
    </div>
  )
}
