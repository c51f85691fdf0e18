// What the storefront chat brought a shop over a period: its chats, the products they showed, what went
// in a cart from a card, and the orders those carts became (the embedded admin's home).
import type { Database } from '../../db/database.ts'
import type { ShopifyShop } from '../../db/generated/prisma/client.ts'

export const SALES_PERIODS = [7, 30, 90] as const
export type SalesPeriod = (typeof SALES_PERIODS)[number]

interface SalesDay {
  /** YYYY-MM-DD (UTC). */
  date: string
  conversations: number
  added_to_cart: number
  assisted_orders: number
}

export interface StorefrontSales {
  days: SalesPeriod
  conversations: number
  products_shown: number
  added_to_cart: number
  assisted_orders: number
  /** Assisted orders' totals by currency, as decimal strings. */
  revenue: { currency: string; amount: string }[]
  /** Assisted orders per storefront conversation, 0 to 1 (0 without conversations). */
  conversion_rate: number
  daily: SalesDay[]
}

const DAY_MS = 86_400_000
const isoDay = (date: Date) => date.toISOString().slice(0, 10)
const decimal = (hundredths: bigint) => `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`

export interface ReadStorefrontSalesOptions {
  shop: Pick<ShopifyShop, 'id' | 'widgetIntegrationId'>
  days: SalesPeriod
  now?: Date
}

/** The period's figures and one row per day (today included), counted by the database. */
export async function readStorefrontSales(
  database: Database,
  { shop, days, now = new Date() }: ReadStorefrontSalesOptions,
): Promise<StorefrontSales> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS)
  const { prisma } = database
  const [conversations, events, orders] = await Promise.all([
    shop.widgetIntegrationId
      ? prisma.$queryRaw<{ day: string; count: bigint }[]>`
          select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as count
          from conversations
          where widget_integration_id = ${shop.widgetIntegrationId}::uuid and channel = 'shopify' and created_at >= ${since}
          group by 1`
      : Promise.resolve([]),
    prisma.$queryRaw<{ day: string; kind: string; count: bigint }[]>`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, kind, count(*) as count
      from storefront_events
      where shop_id = ${shop.id}::uuid and created_at >= ${since}
      group by 1, 2`,
    prisma.assistedOrder.findMany({
      where: { shopId: shop.id, orderedAt: { gte: since } },
      select: { orderedAt: true, totalMinor: true, currencyCode: true },
    }),
  ])
  const daily: SalesDay[] = Array.from({ length: days }, (_, index) => ({
    date: isoDay(new Date(since.getTime() + index * DAY_MS)),
    conversations: 0,
    added_to_cart: 0,
    assisted_orders: 0,
  }))
  const dayOf = new Map(daily.map((day) => [day.date, day]))
  for (const row of conversations) {
    const day = dayOf.get(row.day)
    if (day) day.conversations += Number(row.count)
  }
  let productsShown = 0
  for (const row of events) {
    if (row.kind === 'product_shown') productsShown += Number(row.count)
    const day = dayOf.get(row.day)
    if (day && row.kind === 'added_to_cart') day.added_to_cart += Number(row.count)
  }
  const totals = new Map<string, bigint>()
  for (const order of orders) {
    totals.set(order.currencyCode, (totals.get(order.currencyCode) ?? 0n) + order.totalMinor)
    const day = dayOf.get(isoDay(order.orderedAt))
    if (day) day.assisted_orders += 1
  }
  const sum = (key: 'conversations' | 'added_to_cart' | 'assisted_orders') =>
    daily.reduce((total, day) => total + day[key], 0)
  const conversationCount = sum('conversations')
  return {
    days,
    conversations: conversationCount,
    products_shown: productsShown,
    added_to_cart: sum('added_to_cart'),
    assisted_orders: orders.length,
    revenue: [...totals].map(([currency, hundredths]) => ({ currency, amount: decimal(hundredths) })),
    conversion_rate: conversationCount === 0 ? 0 : Math.min(1, orders.length / conversationCount),
    daily,
  }
}
