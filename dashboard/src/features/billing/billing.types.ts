// The dashboard's reading of the subscription call (docs/api/billing.md).
import type { Subscription } from '#server/billing/billing.schemas.ts'

/** The account's subscription: none (404), the current one, or the one that ended (410). */
export type SubscriptionReading =
  { kind: 'none' } | { kind: 'current'; subscription: Subscription } | { kind: 'ended'; subscription: Subscription }
