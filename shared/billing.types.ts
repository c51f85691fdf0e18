// Plans, subscriptions and notifications as the billing API answers them (docs/api/billing.md): the
// server's views are typed with these, and the dashboard reads them.

/** The six limits of a plan, keyed as the API keys them; -1 means unlimited. */
export const LIMIT_NAMES = ['conversations', 'messages', 'tokens', 'widgets', 'team_members', 'agents'] as const
export type LimitName = (typeof LIMIT_NAMES)[number]
export type PlanLimits = Record<LimitName, number>

export interface PlanPrice {
  price_id: number
  currency: string
  amount: number
  amount_minor: number
}

export interface Plan {
  id: number
  name: string
  tier: string
  description: string | null
  price: number | null
  currency: string | null
  credits_per_month: number
  features: { max_conversations: number; max_messages_per_day: number; features: string[] }
  is_active: boolean
  is_default: boolean
  is_most_popular: boolean
  prices: PlanPrice[]
  limits: PlanLimits
}

export interface PlanCatalogue {
  plans: Plan[]
  default_plan_id: number | null
  currencies: string[]
}

/** incomplete: a checkout that has not finished (payments). */
export type SubscriptionStatus = 'incomplete' | 'trialing' | 'active' | 'past_due' | 'cancelled' | 'expired'
export type BillingMode = 'enforced' | 'unlimited'

export interface Subscription {
  subscription_id: string
  plan_id: number
  plan_name: string
  status: SubscriptionStatus
  subscription_status: boolean
  is_trial: boolean
  is_expired: boolean
  provider: string
  cancel_at_period_end: boolean
  subscription_start_date: string
  subscription_end_date: string
  subscription_updated_at: string
  remaining_days: number
  current_period_start: string | null
  current_period_end: string | null
  tokens_usage: number
  conversations_usage: number
  messages_usage: number
  agents_created: number
  widgets_created: number
  team_members_created: number
  features_limit: Partial<PlanLimits> & Record<string, number | undefined>
  billing_mode: BillingMode
  /** A Shopify merchant's plan is chosen and paid in their Shopify admin: the app's Plans screen there; null otherwise. */
  managed_in_shopify?: string | null
}

export interface SubscriptionHistoryEntry {
  subscription_id: string
  plan_id: number
  plan_name: string
  status: SubscriptionStatus
  provider: string
  start_date: string
  end_date: string
  cancelled_at: string | null
}

type NotificationLevel = 'info' | 'warning' | 'critical'

export interface BillingNotification {
  id: string
  kind: 'usage' | 'trial' | 'subscription' | 'conversation' | string
  level: NotificationLevel | string
  title: string
  message: string
  action_url: string | null
  metric?: string
  percent?: number
  /** How many waiting conversations one line stands for (the bell's number counts each). */
  count?: number
}
