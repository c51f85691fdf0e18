import type { Database } from '../../db/database.ts'
import type { WebhookPayload } from '../webhooks/shopify-webhook.schemas.ts'

export interface RecordAssistedOrderOptions {
  shopDomain: string
  order: WebhookPayload<'orders/create'>
}

/** "349.5" → 34950: the total in hundredths of its currency's unit, without a float's rounding. */
function hundredthsOf(total: string): bigint {
  const [whole = '0', fraction = ''] = total.split('.')
  return BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2))
}

/**
 * orders/create: an order whose cart carried a storefront chat's attribute (the widget's Add to cart) is
 * one the chat assisted, counted once per order with its value. Only a chat of this shop's storefront
 * counts; an order without the attribute, or naming another account's chat, is left alone.
 */
export async function recordAssistedOrder(database: Database, { shopDomain, order }: RecordAssistedOrderOptions) {
  if (!order.conversationId) return { skipped: 'not assisted by a chat' }
  const shop = await database.prisma.shopifyShop.findUnique({ where: { shopDomain } })
  if (!shop?.widgetIntegrationId) return { skipped: 'unknown shop or no storefront widget' }
  // A chat of this shop's own storefront: not another shop's of the same account.
  const conversation = await database.prisma.conversation.findFirst({
    where: {
      id: order.conversationId,
      accountId: shop.accountId,
      channel: 'shopify',
      widgetIntegrationId: shop.widgetIntegrationId,
    },
    select: { id: true },
  })
  if (!conversation) return { skipped: 'not a chat of this storefront' }
  const { count } = await database.prisma.assistedOrder.createMany({
    data: {
      shopId: shop.id,
      orderGid: order.orderGid,
      orderName: order.name,
      conversationId: conversation.id,
      totalMinor: hundredthsOf(order.total),
      currencyCode: order.currency,
      orderedAt: new Date(order.orderedAt),
    },
    skipDuplicates: true,
  })
  return { assisted: true, recorded: count === 1, order: order.name }
}
