// SPEC section 2, Usage & Plan footer: the subscription id and Cancel Subscription, which asks first;
// the plan then ends with its current period (immediate: false) and the subscription is read again.
// Cancel is offered only while there is something to cancel: a plan set to end says when, and offers to
// resume it (Stripe's billing portal) or to choose a plan; an ended one offers to subscribe again; a
// Shopify merchant cancels in the Shopify admin (the server refuses it here).
import { BlockStack, Button, Card, Text } from '@shopify/polaris'
import { useState } from 'react'
import { ConfirmModal } from '../../feedback/confirm-modal.tsx'
import { formatDate } from '../../shared/format/format-dates.ts'
import { useCancelSubscription, useOpenBillingPortal } from './billing.mutations.ts'
import type { Subscription } from '#server/billing/billing.schemas.ts'
import { endDateOf, paysAtStripe, planStandingOf } from './subscription-state.ts'

/** What the footer offers beside the id: Cancel, the way to resume or subscribe, or nothing. */
function FooterAction({ subscription, onCancel }: { subscription: Subscription; onCancel(): void }) {
  const portal = useOpenBillingPortal()
  const standing = planStandingOf({ kind: 'current', subscription })
  if (subscription.managed_in_shopify) return null
  if (standing === 'trial' || standing === 'paid')
    return (
      <Button tone="critical" variant="secondary" onClick={onCancel}>
        Cancel Subscription
      </Button>
    )
  if (standing === 'ending' && paysAtStripe(subscription))
    return (
      <Button onClick={portal.open} loading={portal.isPending}>
        Resume in Manage Billing
      </Button>
    )
  return (
    <Button variant="primary" url="/app/payment">
      Subscribe Now
    </Button>
  )
}

function endingSentence(subscription: Subscription): string | null {
  const standing = planStandingOf({ kind: 'current', subscription })
  const endDate = formatDate(endDateOf(subscription))
  if (standing === 'ending')
    return subscription.is_trial
      ? `Cancelled: your free trial ends on ${endDate}.`
      : `Cancelled: your plan ends on ${endDate} and will not renew.`
  if (standing === 'ended') return `This subscription ended on ${formatDate(subscription.subscription_end_date)}.`
  return null
}

export function CancelSubscriptionFooter({ subscription }: { subscription: Subscription }) {
  const cancel = useCancelSubscription()
  const [asking, setAsking] = useState(false)
  const endDate = formatDate(endDateOf(subscription))
  const ending = endingSentence(subscription)
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
          {ending ? (
            <Text as="p" tone="subdued">
              {ending}
            </Text>
          ) : null}
        </BlockStack>
        <FooterAction subscription={subscription} onCancel={() => setAsking(true)} />
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
