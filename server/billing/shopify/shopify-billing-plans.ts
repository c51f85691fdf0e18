// Our plans as Shopify Billing sees them: one recurring plan per active plan of the catalogue, named as
// the plan is (the merchant reads it on Shopify's confirmation page), billed every 30 days in USD.
import { BillingInterval, type BillingConfig } from '@shopify/shopify-api'
import type { Database } from '../../db/database.ts'
import type { Plan, PlanPrice } from '../../db/generated/prisma/client.ts'

/** Shopify bills apps in the shop's billing currency from a USD price; our USD price is the one used. */
export const SHOPIFY_BILLING_CURRENCY = 'USD'

export type ShopifyBillingPlans = BillingConfig

export type PlanWithPrices = Plan & { prices: PlanPrice[] }

/** The plan's price Shopify charges (its active USD price), or null when it has none. */
export function shopifyPriceOf(plan: PlanWithPrices): PlanPrice | null {
  return plan.prices.find((price) => price.isActive && price.currency === SHOPIFY_BILLING_CURRENCY) ?? null
}

/** The line item of a plan's Shopify subscription, at the price the catalogue has now. */
export function shopifyLineItemOf(price: PlanPrice) {
  return {
    amount: price.amountMinor / 100,
    currencyCode: SHOPIFY_BILLING_CURRENCY,
    interval: BillingInterval.Every30Days as const,
  }
}

function readBillablePlans(database: Database): Promise<PlanWithPrices[]> {
  return database.prisma.plan.findMany({
    where: { isActive: true },
    orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }],
    include: { prices: true },
  })
}

/**
 * Declares the catalogue's plans in the library's billing settings, in place: the library keeps the object
 * it was given, so a plan an operator adds with SQL can be subscribed to without a restart (a request also
 * passes the plan's current price, so a changed price applies at once).
 */
export async function declareShopifyBillingPlans(
  database: Database,
  declared: ShopifyBillingPlans = {},
): Promise<ShopifyBillingPlans> {
  const plans = await readBillablePlans(database)
  for (const name of Object.keys(declared)) delete declared[name]
  for (const plan of plans) {
    const price = shopifyPriceOf(plan)
    if (price) declared[plan.name] = { lineItems: [shopifyLineItemOf(price)] }
  }
  return declared
}
