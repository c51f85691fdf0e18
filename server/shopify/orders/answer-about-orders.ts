import type { Database } from '../../db/database.ts'
import type { ShopifyAdminClient } from '../admin-api/shopify-admin-client.ts'
import { storefrontBaseOf } from '../knowledge/store-resource.ts'
import { readCustomerOrders, type CustomerOrder } from './customer-orders.ts'

/** What answering about orders needs: the database, and the Admin API of a shop (its offline session). */
export interface StoreOrdersAccess {
  database: Database
  /** null where the Shopify app is not set up on this server. */
  adminClientFor: ((shopDomain: string) => Promise<ShopifyAdminClient>) | null
}

/** The storefront shopper a message comes from, as the app proxy's signed bootstrap named them. */
export interface Shopper {
  shopId: string
  /** Shopify's customer number when signed in to the store; null for a guest. */
  customerId: string | null
}

const longDate = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(date)

/** Text the widget draws safely (lists, bold, links): never the raw answer of the API. */
function describe(order: CustomerOrder): string {
  const items = order.items.map((item) => `- ${item.title} × ${item.quantity}`)
  const tracking = order.tracking.map((info) => {
    const label = [info.company, info.number].filter(Boolean).join(' ') || 'Track your parcel'
    return info.url ? `- Tracking: [${label}](${info.url})` : `- Tracking: ${label}`
  })
  return [`**Order ${order.name}** · ${longDate(order.createdAt)} · ${order.status}`, ...items, ...tracking].join('\n')
}

/**
 * The answer to a storefront shopper asking about their orders: a guest is asked to sign in (with the
 * store's account link); a signed-in customer gets their latest orders, read for their own customer id
 * only, from the shop whose storefront opened the chat.
 */
export async function answerAboutOrders(access: StoreOrdersAccess, shopper: Shopper): Promise<string> {
  const shop = await access.database.prisma.shopifyShop.findUnique({ where: { id: shopper.shopId } })
  if (!shop || shop.uninstalledAt) return 'I cannot look up orders right now. Please contact the store.'
  const base = storefrontBaseOf(shop)
  if (!shopper.customerId)
    return `To see your orders, please [sign in to your account](${base}/account/login), then ask me again.`
  if (!shop.scopes.split(',').includes('read_orders') || !access.adminClientFor)
    return `I cannot look up orders in this store yet. You can see them in [your account](${base}/account).`
  const orders = await readCustomerOrders(await access.adminClientFor(shop.shopDomain), shopper.customerId)
  if (orders.length === 0)
    return `I found no orders on your account yet. Your account page has the details: [your account](${base}/account).`
  return [`Here are your latest orders:`, ...orders.map(describe)].join('\n\n')
}
