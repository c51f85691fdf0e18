// The fake's shapes as they travel: Stripe objects, the events it sends, and the form parameters it reads.
import type { IncomingHttpHeaders } from 'node:http'
import type Stripe from 'stripe'

/** A Stripe object as it travels: the package turns decimal strings into Decimal only after reading. */
export type Wire<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends Stripe.Decimal
    ? string
    : T extends readonly (infer Item)[]
      ? Wire<Item>[]
      : T extends object
        ? { [Key in keyof T]: Wire<T[Key]> }
        : T

export type FakeStripeEvent = Wire<
  | Stripe.CheckoutSessionCompletedEvent
  | Stripe.CustomerSubscriptionCreatedEvent
  | Stripe.CustomerSubscriptionUpdatedEvent
  | Stripe.CustomerSubscriptionDeletedEvent
  | Stripe.InvoicePaidEvent
  | Stripe.InvoicePaymentFailedEvent
>
export type EventOf<Type extends FakeStripeEvent['type']> = Extract<FakeStripeEvent, { type: Type }>

/** A form or query value as Stripe reads it: `a[b][0]=x` is `{ a: { b: ['x'] } }`. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type FormParams = { [key: string]: FormValue }

/** The request an API call came with, as an event's `request` shows it. */
export interface RequestOrigin {
  id: string
  idempotencyKey: string | null
}

export interface FakeStripeRequest {
  method: string
  path: string
  /** The query string and the form body, parsed as Stripe does. */
  params: FormParams
  headers: IncomingHttpHeaders
  /** The HTTP status answered (0 until answered). */
  status: number
}

export interface FakeStripeOptions {
  secretKey?: string
  webhookSecret?: string
}
