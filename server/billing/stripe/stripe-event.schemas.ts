import { z } from 'zod'

// What the webhook reads of a Stripe event, once its signature is checked: the envelope (id, type,
// created) and, for the six types it is subscribed to (docs/billing.md), the subscription the event is
// about. Everything else in the event is Stripe's and passes through unread.

// Stripe's ids are short ASCII words (evt_…, sub_…); nothing else reaches the database or Stripe's API.
const StripeIdSchema = z.string().regex(/^[\x21-\x7e]{1,255}$/)

const LinkedSubscriptionSchema = z
  .union([StripeIdSchema, z.looseObject({ id: StripeIdSchema })])
  .nullish()
  .transform((linked) => (typeof linked === 'string' ? linked : (linked?.id ?? null)))

const envelope = {
  id: StripeIdSchema,
  created: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
}

const SubscriptionEventSchema = z.looseObject({
  ...envelope,
  type: z.enum(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']),
  data: z.looseObject({ object: z.looseObject({ object: z.literal('subscription'), id: StripeIdSchema }) }),
})

// A Checkout Session in payment mode has no subscription: handled, and nothing to apply.
const CheckoutEventSchema = z.looseObject({
  ...envelope,
  type: z.literal('checkout.session.completed'),
  data: z.looseObject({ object: z.looseObject({ subscription: LinkedSubscriptionSchema }) }),
})

// Invoices name their subscription at the top (older API versions) or under parent.subscription_details.
const InvoiceEventSchema = z.looseObject({
  ...envelope,
  type: z.enum(['invoice.paid', 'invoice.payment_failed']),
  data: z.looseObject({
    object: z.looseObject({
      subscription: LinkedSubscriptionSchema.optional(),
      parent: z
        .looseObject({
          subscription_details: z.looseObject({ subscription: LinkedSubscriptionSchema.optional() }).nullish(),
        })
        .nullish(),
    }),
  }),
})

// A type the endpoint was not subscribed to: only what recording it needs.
const OtherEventSchema = z.looseObject({ ...envelope, type: z.string().regex(/^[a-z0-9_.]{1,255}$/) })

/** A Stripe event as the webhook uses it: its id and type, and the subscription it is about (null when none). */
export interface StripeEventRead {
  id: string
  type: string
  subscriptionId: string | null
}

/** The schema for an event of this type: its own for the handled types, the envelope for the rest. */
export function stripeEventSchemaFor(type: unknown): z.ZodType<StripeEventRead> {
  if (typeof type === 'string' && (SubscriptionEventSchema.shape.type.options as readonly string[]).includes(type))
    return SubscriptionEventSchema.transform(({ id, type, data }) => ({ id, type, subscriptionId: data.object.id }))
  if (type === 'checkout.session.completed')
    return CheckoutEventSchema.transform(({ id, type, data }) => ({
      id,
      type,
      subscriptionId: data.object.subscription,
    }))
  if (type === 'invoice.paid' || type === 'invoice.payment_failed')
    return InvoiceEventSchema.transform(({ id, type, data }) => ({
      id,
      type,
      subscriptionId: data.object.subscription ?? data.object.parent?.subscription_details?.subscription ?? null,
    }))
  return OtherEventSchema.transform(({ id, type }) => ({ id, type, subscriptionId: null }))
}
