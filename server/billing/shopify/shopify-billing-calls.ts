// What the billing operations need of the Shopify library's billing context (authenticate.admin's
// `billing`): request, check and cancel, in the shapes the library gives them.
import type { AppSubscription } from '@shopify/shopify-api'
import type { Database } from '../../db/database.ts'
import type { ShopifyAppSubscription } from './apply-shopify-subscription.ts'
import type { ShopifyBillingPlans } from './shopify-billing-plans.ts'
import type { shopifyLineItemOf } from './shopify-billing-plans.ts'

interface ShopifyBillingCalls {
  /** Throws the response that takes the merchant to Shopify's confirmation page. */
  request(options: {
    plan: string
    isTest: boolean
    returnUrl: string
    lineItems: ReturnType<typeof shopifyLineItemOf>[]
  }): Promise<never>
  check(options: { isTest: boolean }): Promise<{ appSubscriptions: AppSubscription[] }>
  cancel(options: { subscriptionId: string; isTest: boolean; prorate: boolean }): Promise<AppSubscription>
}

/** One shop's billing, as an embedded admin request has it. */
export interface ShopBilling {
  database: Database
  billing: ShopifyBillingCalls
  /** The plans declared to the library (refreshed before a request). */
  plans: ShopifyBillingPlans
  /** SHOPIFY_BILLING_TEST: passed to every call. */
  isTest: boolean
  shopDomain: string
}

/** The library's AppSubscription as the fields we apply. */
export function fromLibrarySubscription(
  subscription: Pick<AppSubscription, 'id' | 'name' | 'status' | 'createdAt' | 'currentPeriodEnd'>,
): ShopifyAppSubscription {
  const dateOf = (value: string | null | undefined) => (value ? new Date(value) : null)
  return {
    id: subscription.id,
    name: subscription.name,
    status: subscription.status,
    createdAt: dateOf(subscription.createdAt),
    currentPeriodEnd: dateOf(subscription.currentPeriodEnd),
  }
}
