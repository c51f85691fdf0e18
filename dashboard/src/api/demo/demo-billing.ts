// Demo mode's plans, subscription and notifications (SPEC sections 4 and 9): the SPEC's illustrative demo
// plans, Basic (29, 10,000 credits a month, 5 chatbots, 100 messages a day), Premium (79, 50,000 credits,
// 15 chatbots, 500 messages a day) and Enterprise (199, 200,000 credits, unlimited), in the API's plan
// shape, and a trial on Basic well under way, so every billing screen has data. What the SPEC does not
// give is filled plainly: EGP at the catalogue's 50 to 1 (only EGP is selectable), messages a month as
// 30 days of the daily figure, Basic's conversations at the SPEC's default of 2,000, and no limit on the
// rest (widgets and team members; everything on Enterprise but its credits).
import type {
  BillingNotification,
  Plan,
  PlanCatalogue,
  PlanLimits,
  Subscription,
  SubscriptionHistoryEntry,
} from '#server/billing/billing.schemas.ts'

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

const UNLIMITED = -1

/** Demo plan n (1 to 3): prices 2n-1 (USD) and 2n (EGP); Basic the default and most popular. */
function plan(id: number, name: string, [usd, egp]: [number, number], limits: PlanLimits): Plan {
  return {
    id,
    name,
    tier: name.toLowerCase(),
    description: null,
    price: usd,
    currency: 'USD',
    credits_per_month: limits.tokens,
    features: {
      max_conversations: limits.conversations,
      max_messages_per_day: limits.messages === UNLIMITED ? UNLIMITED : Math.floor(limits.messages / 30),
      features: LIMIT_LINES.map(([limit, one, many]) =>
        limits[limit] === UNLIMITED
          ? `Unlimited ${many.replace(/ a month$/, '')}`
          : `${limits[limit].toLocaleString('en-US')} ${limits[limit] === 1 ? one : many}`,
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

const BASIC_LIMITS = limits(2_000, 3_000, 10_000, UNLIMITED, UNLIMITED, 5)

export const DEMO_PLANS: PlanCatalogue = {
  plans: [
    plan(1, 'Basic', [29, 1_450], BASIC_LIMITS),
    plan(2, 'Premium', [79, 3_950], limits(UNLIMITED, 15_000, 50_000, UNLIMITED, UNLIMITED, 15)),
    plan(3, 'Enterprise', [199, 9_950], limits(UNLIMITED, UNLIMITED, 200_000, UNLIMITED, UNLIMITED, UNLIMITED)),
  ],
  default_plan_id: 1,
  currencies: ['EGP'],
}

export const DEMO_SUBSCRIPTION: Subscription = {
  subscription_id: 'demo-subscription-1',
  plan_id: 1,
  plan_name: 'Basic',
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
  tokens_usage: 4_100,
  conversations_usage: 326,
  messages_usage: 2_460,
  agents_created: 5,
  widgets_created: 2,
  team_members_created: 3,
  features_limit: BASIC_LIMITS,
  billing_mode: 'enforced',
}

export const DEMO_SUBSCRIPTION_HISTORY: SubscriptionHistoryEntry[] = [
  {
    subscription_id: 'demo-subscription-1',
    plan_id: 1,
    plan_name: 'Basic',
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
    message: 'You have used all 5 agents of your plan. Upgrade your plan to add more.',
    action_url: '/app/payment',
    metric: 'agents',
    percent: 100,
  },
  {
    id: 'demo-usage-messages',
    kind: 'usage',
    level: 'warning',
    title: 'Messages at 82% of your plan',
    message: 'You have used 2,460 of 3,000 messages a month this period.',
    action_url: '/app/payment',
    metric: 'messages',
    percent: 82,
  },
]
