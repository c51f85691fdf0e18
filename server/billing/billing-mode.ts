import type { Config } from '../config/config.schemas.ts'

/** enforced: plans' limits and trials apply; unlimited: everything is counted, nothing is refused (decision 028). */
export type BillingMode = 'enforced' | 'unlimited'

/**
 * BILLING_MODE when set; otherwise enforced only where users can pay: Stripe (dashboard accounts) or the
 * Shopify app, whose merchants pay through Shopify Billing.
 */
export function billingModeOf(
  config: Pick<Config, 'BILLING_MODE' | 'STRIPE_SECRET_KEY' | 'SHOPIFY_API_KEY'>,
): BillingMode {
  return config.BILLING_MODE ?? (config.STRIPE_SECRET_KEY || config.SHOPIFY_API_KEY ? 'enforced' : 'unlimited')
}
