import type { KeptRowKind } from '../db/caching/kept-rows.ts'
import type { SubscriptionWithPlan } from './account-standing.ts'

/** An account's current subscription with its plan, or none: where its standing is computed from. */
interface KeptSubscription {
  subscription: SubscriptionWithPlan | null
}

/** Accounts' current subscriptions kept by this process, keyed by account id, until it or its plan changes. */
export const KEPT_SUBSCRIPTIONS: KeptRowKind<KeptSubscription> = {
  invalidatedBy: { subscriptions: 'key', plans: (value, planId) => String(value.subscription?.planId) === planId },
  maxEntries: 5_000,
}
