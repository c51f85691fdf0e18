// SPEC section 2, Usage & Plan footer: the subscription id and Cancel Subscription, which asks first;
// the plan then ends with its current period (immediate: false) and the subscription is read again.
import { BlockStack, Button, Card, Text } from '@shopify/polaris'
import { useState } from 'react'
import { ConfirmModal } from '../../feedback/confirm-modal.tsx'
import { formatDate } from '../../shared/format/format-dates.ts'
import { useCancelSubscription } from './billing.mutations.ts'
import type { Subscription } from '#server/billing/billing.schemas.ts'
import { isSubscriptionActive } from './subscription-state.ts'

export function CancelSubscriptionFooter({ subscription }: { subscription: Subscription }) {
  const cancel = useCancelSubscription()
  const [asking, setAsking] = useState(false)
  const canCancel = isSubscriptionActive(subscription) && !subscription.cancel_at_period_end
  const endDate = formatDate(subscription.current_period_end ?? subscription.subscription_end_date)
  return (
    <Card>
      <div className="billing-footer">
        <BlockStack gap="100">
          <Text as="p" tone="subdued" variant="bodySm">
            Subscription ID
          </Text>
          <span className="billing-footer__id">
            <Text as="span" variant="bodySm" fontWeight="medium">
              {subscription.subscription_id}
            </Text>
          </span>
          {subscription.cancel_at_period_end && isSubscriptionActive(subscription) ? (
            <Text as="p" tone="subdued">{`Cancelled: your plan ends on ${endDate} and will not renew.`}</Text>
          ) : null}
        </BlockStack>
        <Button tone="critical" variant="secondary" onClick={() => setAsking(true)} disabled={!canCancel}>
          Cancel Subscription
        </Button>
      </div>
      <ConfirmModal
        open={asking}
        title="Cancel subscription?"
        confirmLabel="Cancel Subscription"
        busy={cancel.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => cancel.mutate(subscription.subscription_id, { onSettled: () => setAsking(false) })}
      >
        {subscription.is_trial
          ? `Your free trial of ${subscription.plan_name} ends on ${endDate} and will not continue.`
          : `Your ${subscription.plan_name} plan stays until ${endDate} and will not renew.`}
      </ConfirmModal>
    </Card>
  )
}
