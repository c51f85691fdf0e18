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

/** What can be said of a shopper's orders: theirs, or why not (a guest, no read_orders, no shop). */
export type OrdersLookup =
  | { kind: 'unavailable' }
  | { kind: 'guest'; sign_in_url: string }
  | { kind: 'not_allowed'; account_url: string }
  | { kind: 'orders'; account_url: string; orders: CustomerOrder[] }

/**
 * A storefront shopper's latest orders, read for their own customer id only, from the shop whose
 * storefront opened the chat; a guest gets the store's sign-in address instead.
 */
export async function lookUpOrders(access: StoreOrdersAccess, shopper: Shopper): Promise<OrdersLookup> {
  const shop = await access.database.prisma.shopifyShop.findUnique({ where: { id: shopper.shopId } })
  if (!shop || shop.uninstalledAt) return { kind: 'unavailable' }
  const base = storefrontBaseOf(shop)
  if (!shopper.customerId) return { kind: 'guest', sign_in_url: `${base}/account/login` }
  if (!shop.scopes.split(',').includes('read_orders') || !access.adminClientFor)
    return { kind: 'not_allowed', account_url: `${base}/account` }
  const orders = await readCustomerOrders(await access.adminClientFor(shop.shopDomain), shopper.customerId)
  return { kind: 'orders', account_url: `${base}/account`, orders }
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

/** The offline answer to a shopper asking about their orders (lookUpOrders, in words). */
export async function answerAboutOrders(access: StoreOrdersAccess, shopper: Shopper): Promise<string> {
  const found = await lookUpOrders(access, shopper)
  switch (found.kind) {
    case 'unavailable':
      return 'I cannot look up orders right now. Please contact the store.'
    case 'guest':
      return `To see your orders, please [sign in to your account](${found.sign_in_url}), then ask me again.`
    case 'not_allowed':
      return `I cannot look up orders in this store yet. You can see them in [your account](${found.account_url}).`
    case 'orders':
      return found.orders.length === 0
        ? `I found no orders on your account yet. Your account page has the details: [your account](${found.account_url}).`
        : [`Here are your latest orders:`, ...found.orders.map(describe)].join('\n\n')
  }
}
