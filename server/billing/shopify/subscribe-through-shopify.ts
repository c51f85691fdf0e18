import { AppError } from '../../errors/app-error.ts'
import { findCurrentSubscription, isLive } from '../account-standing.ts'
import { declareShopifyBillingPlans, shopifyLineItemOf, shopifyPriceOf } from './shopify-billing-plans.ts'
import type { ShopBilling } from './shopify-billing-calls.ts'

const PLAN_NOT_AVAILABLE = 'This plan is not available.'

/**
 * The embedded admin's address Shopify sends the merchant back to after its confirmation page (Shopify
 * adds charge_id): the Plans screen, which then checks the charge with billing.check.
 */
export function plansReturnUrl(shopDomain: string, apiKey: string): string {
  const store = shopDomain.replace(/\.myshopify\.com$/, '')
  return `https://admin.shopify.com/store/${store}/apps/${apiKey}/app/plans?billing=returned`
}

/**
 * Asks Shopify Billing for a subscription to the plan at its current USD price, monthly (every 30 days),
 * with the test flag the server is set to. Never returns: the library throws the response that takes the
 * merchant to Shopify's confirmation page (Shopify replaces a plan the shop already has once approved).
 */
export async function subscribeThroughShopify(
  shopBilling: ShopBilling,
  { accountId, planId, apiKey }: { accountId: string; planId: number; apiKey: string },
): Promise<never> {
  const { database, billing, isTest, shopDomain } = shopBilling
  const plan = await database.prisma.plan.findFirst({
    where: { id: planId, isActive: true },
    include: { prices: true },
  })
  const price = plan ? shopifyPriceOf(plan) : null
  if (!plan || !price) throw new AppError('NOT_FOUND', PLAN_NOT_AVAILABLE)
  const current = await findCurrentSubscription(database.prisma, accountId)
  if (current?.provider === 'shopify' && current.planId === plan.id && isLive(current, new Date()))
    throw new AppError('CONFLICT', `You are already on ${plan.name}.`)
  await declareShopifyBillingPlans(database, shopBilling.plans)
  return billing.request({
    plan: plan.name,
    isTest,
    returnUrl: plansReturnUrl(shopDomain, apiKey),
    lineItems: [shopifyLineItemOf(price)],
  })
}
