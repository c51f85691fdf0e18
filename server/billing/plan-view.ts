import type { Plan as PlanView, PlanPrice as PlanPriceView } from './billing.schemas.ts'
import type { Plan, PlanPrice } from '../db/generated/prisma/client.ts'
import { describeLimit, LIMIT_NAMES, limitsOfPlan } from './plan-limits.ts'

/** The currencies the screens offer (SPEC section 9: only EGP is selectable). */
export const SELECTABLE_CURRENCIES = ['EGP']

// Minor units per major unit of the catalogue's currencies (both have cents / piastres).
const minorUnits = (_currency: string) => 100

function toPriceView(price: PlanPrice): PlanPriceView {
  return {
    price_id: price.id,
    currency: price.currency,
    amount: price.amountMinor / minorUnits(price.currency),
    amount_minor: price.amountMinor,
  }
}

/** The limits as a plan card lists them ("400 conversations a month", …), then the operator's own lines. */
function featureLines(plan: Plan): string[] {
  const limits = limitsOfPlan(plan)
  const extra = Array.isArray(plan.features)
    ? plan.features.filter((line): line is string => typeof line === 'string')
    : []
  return [
    ...LIMIT_NAMES.map((name) =>
      limits[name] === -1
        ? `Unlimited ${describeLimit(name, 2).replace(/^2 /, '')}`
        : describeLimit(name, limits[name]),
    ),
    ...extra,
  ]
}

/** SPEC section 3's plan shape (id, name, tier, price, credits_per_month, features, is_active), with prices and limits. */
export function toPlanView(plan: Plan & { prices: PlanPrice[] }): PlanView {
  const limits = limitsOfPlan(plan)
  const prices = plan.prices.filter((price) => price.isActive).sort((a, b) => a.id - b.id)
  const first = prices[0]
  return {
    id: plan.id,
    name: plan.name,
    tier: plan.tier,
    description: plan.description,
    price: first ? toPriceView(first).amount : null,
    currency: first?.currency ?? null,
    credits_per_month: limits.tokens,
    features: {
      max_conversations: limits.conversations,
      max_messages_per_day: limits.messages === -1 ? -1 : Math.floor(limits.messages / 30),
      features: featureLines(plan),
    },
    is_active: plan.isActive,
    is_default: plan.isDefault,
    is_most_popular: plan.isMostPopular,
    prices: prices.map(toPriceView),
    limits,
  }
}
