// Demo mode's plans, subscription and notifications (SPEC sections 4 and 9): the seven plans of the
// catalogue in the API's plan shape, and a trial well under way, so every billing screen has data.
import type {
  BillingNotification,
  Plan,
  PlanCatalogue,
  PlanLimits,
  Subscription,
  SubscriptionHistoryEntry,
} from '#shared/billing.types.ts'

const day = 86_400_000
const at = (daysFromNow: number) => new Date(Date.now() + daysFromNow * day).toISOString()

const LIMIT_LINES: [keyof PlanLimits, string, string][] = [
  ['conversations', 'conversation a month', 'conversations a month'],
  ['messages', 'message a month', 'messages a month'],
  ['tokens', 'AI token a month', 'AI tokens a month'],
  ['widgets', 'widget', 'widgets'],
  ['team_members', 'team member', 'team members'],
  ['agents', 'agent', 'agents'],
]

const TIERS = ['basic', 'basic', 'premium', 'premium', 'premium', 'enterprise', 'enterprise']

/** SPEC section 9's plan n (1 to 7): prices 2n-1 (USD) and 2n (EGP); Pro 1 the default and most popular. */
function plan(id: number, usd: number, egp: number, limits: PlanLimits): Plan {
  return {
    id,
    name: `Pro ${id}`,
    tier: TIERS[id - 1] ?? 'basic',
    description: null,
    price: usd,
    currency: 'USD',
    credits_per_month: limits.tokens,
    features: {
      max_conversations: limits.conversations,
      max_messages_per_day: Math.floor(limits.messages / 30),
      features: LIMIT_LINES.map(
        ([name, one, many]) => `${limits[name].toLocaleString('en-US')} ${limits[name] === 1 ? one : many}`,
      ),
    },
    is_active: true,
    is_default: id === 1,
    is_most_popular: id === 1,
    prices: [
      { price_id: id * 2 - 1, currency: 'USD', amount: usd, amount_minor: usd * 100 },
      { price_id: id * 2, currency: 'EGP', amount: egp, amount_minor: egp * 100 },
    ],
    limits,
  }
}

const limits = (
  conversations: number,
  messages: number,
  tokens: number,
  widgets: number,
  team_members: number,
  agents: number,
): PlanLimits => ({ conversations, messages, tokens, widgets, team_members, agents })

export const DEMO_PLANS: PlanCatalogue = {
  plans: [
    plan(1, 10, 500, limits(400, 3_500, 6_000_000, 3, 4, 4)),
    plan(2, 20, 1_000, limits(700, 6_500, 11_000_000, 5, 7, 7)),
    plan(3, 40, 2_000, limits(1_300, 12_500, 21_000_000, 9, 13, 13)),
    plan(4, 80, 4_000, limits(2_500, 24_500, 41_000_000, 17, 25, 25)),
    plan(5, 160, 8_000, limits(4_900, 48_500, 81_000_000, 33, 49, 49)),
    plan(6, 320, 16_000, limits(9_700, 96_500, 161_000_000, 65, 97, 97)),
    plan(7, 640, 32_000, limits(19_300, 192_500, 321_000_000, 129, 193, 193)),
  ],
  default_plan_id: 1,
  currencies: ['EGP'],
}

export const DEMO_SUBSCRIPTION: Subscription = {
  subscription_id: 'demo-subscription-1',
  plan_id: 1,
  plan_name: 'Pro 1',
  status: 'trialing',
  subscription_status: true,
  is_trial: true,
  is_expired: false,
  provider: 'trial',
  cancel_at_period_end: false,
  subscription_start_date: at(-5),
  subscription_end_date: at(9),
  subscription_updated_at: at(-5),
  remaining_days: 9,
  current_period_start: at(-5),
  current_period_end: at(9),
  tokens_usage: 1_240_000,
  conversations_usage: 326,
  messages_usage: 2_180,
  agents_created: 4,
  widgets_created: 2,
  team_members_created: 3,
  features_limit: limits(400, 3_500, 6_000_000, 3, 4, 4),
  billing_mode: 'enforced',
}

export const DEMO_SUBSCRIPTION_HISTORY: SubscriptionHistoryEntry[] = [
  {
    subscription_id: 'demo-subscription-1',
    plan_id: 1,
    plan_name: 'Pro 1',
    status: 'trialing',
    provider: 'trial',
    start_date: at(-5),
    end_date: at(9),
    cancelled_at: null,
  },
]

// Worded as the server words them (server/billing/billing-notifications.ts).
export const DEMO_NOTIFICATIONS: BillingNotification[] = [
  {
    id: 'demo-usage-agents',
    kind: 'usage',
    level: 'critical',
    title: 'Agents limit reached',
    message: 'You have used all 4 agents of your plan. Upgrade your plan to add more.',
    action_url: '/app/payment',
    metric: 'agents',
    percent: 100,
  },
  {
    id: 'demo-usage-conversations',
    kind: 'usage',
    level: 'warning',
    title: 'Conversations at 82% of your plan',
    message: 'You have used 326 of 400 conversations a month this period.',
    action_url: '/app/payment',
    metric: 'conversations',
    percent: 82,
  },
]
