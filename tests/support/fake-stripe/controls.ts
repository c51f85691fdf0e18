// Test-side controls: each mutates the stored objects and answers the events Stripe would send.
import type Stripe from 'stripe'
import { addInterval } from './add-interval.ts'
import { createCustomer } from './customers.ts'
import { changedFields, createEvent, signEvent } from './events.ts'
import { nowSeconds } from './ids.ts'
import { createInvoice } from './invoices.ts'
import type { FakeStripeState } from './state.ts'
import { cancelSubscription } from './subscription-changes.ts'
import { periodOf } from './subscription-items.ts'
import { createSubscription } from './subscriptions.ts'
import type { FakeStripeEvent, Wire } from './wire.ts'

export type FakeStripeControls = ReturnType<typeof createControls>

export function createControls(state: FakeStripeState) {
  const { customers, checkoutSessions, subscriptions, invoices } = state

  const requireSubscription = (id: string) => {
    const subscription = subscriptions.get(id)
    if (!subscription) throw new Error(`fake Stripe has no subscription ${id}`)
    return subscription
  }

  return {
    /**
     * The customer pays on the hosted page: the subscription starts (active, one interval of the price from now,
     * metadata from subscription_data) and the session completes. With `paymentFails` the first payment is
     * declined after the session completed (as with a bank debit): the session is complete but unpaid, the
     * subscription `incomplete`, its invoice open; the events then end with invoice.payment_failed.
     */
    completeCheckout(sessionId: string, { paymentFails = false }: { paymentFails?: boolean } = {}): FakeStripeEvent[] {
      const session = checkoutSessions.get(sessionId)
      if (!session) throw new Error(`fake Stripe has no checkout session ${sessionId}`)
      if (session.status !== 'open') throw new Error(`checkout session ${sessionId} is ${session.status}, not open`)
      const customer =
        (session.customer ? customers.get(String(session.customer)) : undefined) ??
        createCustomer(state, { email: session.customer_email ?? 'customer@example.com' })
      const subscription = createSubscription(state, session, customer.id, paymentFails ? 'incomplete' : 'active')
      const invoice = createInvoice(state, subscription, { reason: 'subscription_create', paid: !paymentFails })
      Object.assign(session, {
        status: 'complete',
        payment_status: paymentFails ? 'unpaid' : 'paid',
        customer: customer.id,
        customer_details: {
          address: null,
          business_name: null,
          email: customer.email,
          individual_name: null,
          name: customer.name ?? null,
          phone: null,
          tax_exempt: 'none',
          tax_ids: [],
        },
        subscription: subscription.id,
        invoice: invoice.id,
        url: null,
      } satisfies Partial<Wire<Stripe.Checkout.Session>>)
      return [
        createEvent(state, 'checkout.session.completed', session),
        createEvent(state, 'customer.subscription.created', subscription),
        paymentFails
          ? createEvent(state, 'invoice.payment_failed', invoice)
          : createEvent(state, 'invoice.paid', invoice),
      ]
    },

    /**
     * The period ends and its money arrives. An active subscription moves to its next period with a paid
     * invoice; a past_due one pays its open invoice and turns active again (same period); one set to cancel
     * at period end is canceled instead, as Stripe does.
     */
    renew(subscriptionId: string): FakeStripeEvent[] {
      const subscription = requireSubscription(subscriptionId)
      if (subscription.status === 'canceled') throw new Error(`subscription ${subscriptionId} is canceled`)
      if (subscription.cancel_at_period_end) return [cancelSubscription(state, subscription, 'cancellation_requested')]
      const before = structuredClone(subscription)
      const open = subscription.latest_invoice ? invoices.get(String(subscription.latest_invoice)) : undefined
      let invoice: Wire<Stripe.Invoice>
      if (open && open.status === 'open') {
        const paidAt = nowSeconds()
        Object.assign(open, {
          status: 'paid',
          amount_paid: open.amount_due,
          amount_remaining: 0,
          attempt_count: open.attempt_count + 1,
          next_payment_attempt: null,
        })
        open.status_transitions.paid_at = paidAt
        invoice = open
      } else {
        const { end, interval, count } = periodOf(subscription)
        for (const item of subscription.items.data)
          Object.assign(item, { current_period_start: end, current_period_end: addInterval(end, interval, count) })
        invoice = createInvoice(state, subscription, { reason: 'subscription_cycle', paid: true })
      }
      subscription.status = 'active'
      return [
        createEvent(state, 'customer.subscription.updated', subscription, {
          previousAttributes: changedFields(before, subscription),
        }),
        createEvent(state, 'invoice.paid', invoice),
      ]
    },

    /** The period ends and the renewal payment is declined: the next period starts unpaid and the subscription is past_due. */
    failPayment(subscriptionId: string): FakeStripeEvent[] {
      const subscription = requireSubscription(subscriptionId)
      if (subscription.status === 'canceled') throw new Error(`subscription ${subscriptionId} is canceled`)
      const before = structuredClone(subscription)
      const { end, interval, count } = periodOf(subscription)
      for (const item of subscription.items.data)
        Object.assign(item, { current_period_start: end, current_period_end: addInterval(end, interval, count) })
      const invoice = createInvoice(state, subscription, { reason: 'subscription_cycle', paid: false })
      subscription.status = 'past_due'
      return [
        createEvent(state, 'customer.subscription.updated', subscription, {
          previousAttributes: changedFields(before, subscription),
        }),
        createEvent(state, 'invoice.payment_failed', invoice),
      ]
    },

    /** The subscription ends now: after its retries failed, or at the end of the period it was set to cancel at. */
    expire(subscriptionId: string): FakeStripeEvent[] {
      const subscription = requireSubscription(subscriptionId)
      if (subscription.status === 'canceled') throw new Error(`subscription ${subscriptionId} is already canceled`)
      return [
        cancelSubscription(
          state,
          subscription,
          subscription.cancel_at_period_end ? 'cancellation_requested' : 'payment_failed',
        ),
      ]
    },

    /** The body Stripe would POST for an event and its Stripe-Signature header, signed by the package itself. */
    sign(event: FakeStripeEvent, secret: string = state.webhookSecret): { body: string; signature: string } {
      return signEvent(event, secret)
    },
  }
}
