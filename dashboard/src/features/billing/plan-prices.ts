// A plan's price in the chosen currency (SPEC section 9: only EGP is selectable; price ids two per plan).
import type { Plan, PlanPrice } from '#server/billing/billing.schemas.ts'

export const DEFAULT_CURRENCY = 'EGP'

export const priceIn = (plan: Plan, currency: string): PlanPrice | undefined =>
  plan.prices.find((price) => price.currency === currency)

/** "500 EGP" */
export const formatPrice = (price: PlanPrice) => `${price.amount.toLocaleString('en-US')} ${price.currency}`

/** The currencies the screens offer: the API's list, else EGP alone. */
export const offeredCurrencies = (currencies: string[] | undefined) =>
  currencies && currencies.length > 0 ? currencies : [DEFAULT_CURRENCY]

/** The plan a ?plan= names, when the catalogue has it. */
export function planById(plans: Plan[], id: string | null): Plan | undefined {
  return id && /^\d+$/.test(id) ? plans.find((plan) => plan.id === Number(id)) : undefined
}
