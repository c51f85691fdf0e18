import { applyShopifySubscription } from '../../billing/shopify/apply-shopify-subscription.ts'
import type { Database } from '../../db/database.ts'
import type { Logger } from '../../logging/create-logger.ts'
import type { WebhookPayload } from './shopify-webhook.schemas.ts'

export interface UpdateShopSubscriptionOptions {
  logger: Logger
  shopDomain: string
  update: WebhookPayload<'app_subscriptions/update'>
}

/**
 * app_subscriptions/update: the shop's app subscription changed at Shopify (approved, cancelled, declined,
 * expired, frozen). Applied as of its updated_at, so a delivery that arrives late never undoes a newer one.
 */
export async function updateShopSubscription(
  database: Database,
  { logger, shopDomain, update }: UpdateShopSubscriptionOptions,
) {
  const subscription = {
    id: update.subscriptionGid,
    name: update.name,
    status: update.status,
    createdAt: update.createdAt ? new Date(update.createdAt) : null,
    currentPeriodEnd: null,
  }
  const outcome = await database.prisma.$transaction((tx) =>
    applyShopifySubscription(tx, { shopDomain, subscription, syncedAt: new Date(update.updatedAt) }),
  )
  if (outcome === 'unknown-plan' || outcome === 'unknown-shop')
    logger.warn(
      { shopDomain, subscriptionId: update.subscriptionGid, name: update.name, outcome },
      'a Shopify subscription we cannot place',
    )
  return { subscriptionId: update.subscriptionGid, status: update.status, outcome }
}
