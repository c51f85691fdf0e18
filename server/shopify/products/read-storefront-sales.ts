// What the storefront chat brought a shop over a period: its chats, the products they showed, what went
// in a cart from a card, and the orders those carts became (the embedded admin's home).
import type { Database } from '../../db/database.ts'
import { Prisma, type ShopifyShop } from '../../db/generated/prisma/client.ts'
import { knownTimeZoneOf } from '../admin/shop-profile.schemas.ts'

export const SALES_PERIODS = [7, 30, 90] as const
export type SalesPeriod = (typeof SALES_PERIODS)[number]

interface SalesDay {
  /** YYYY-MM-DD, a day of the shop's time zone. */
  date: string
  conversations: number
  added_to_cart: number
  assisted_orders: number
}

export interface StorefrontSales {
  days: SalesPeriod
  /** The IANA zone the days are the shop's days in (UTC until the shop's is known). */
  time_zone: string
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
const decimal = (hundredths: bigint) => `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`

/** YYYY-MM-DD of an instant in a time zone. */
const dayIn = (timeZone: string, instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant)

/** The period's days, oldest first, ending with today in the shop's zone (calendar days, whatever its offsets). */
function periodDays(timeZone: string, days: number, now: Date): string[] {
  const today = Date.parse(`${dayIn(timeZone, now)}T00:00:00Z`)
  return Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  )
}

export interface ReadStorefrontSalesOptions {
  shop: Pick<ShopifyShop, 'id' | 'accountId' | 'widgetIntegrationId' | 'ianaTimezone'>
  days: SalesPeriod
  now?: Date
}

/**
 * The period's figures and one row per day (today included), counted by the database in the shop's
 * days (its IANA time zone). A deleted conversation counts nowhere: neither it, nor the products it
 * showed, the carts it filled or the orders they became.
 */
export async function readStorefrontSales(
  database: Database,
  { shop, days, now = new Date() }: ReadStorefrontSalesOptions,
): Promise<StorefrontSales> {
  const timeZone = knownTimeZoneOf(shop.ianaTimezone) ?? 'UTC'
  try {
    return await salesIn(database, { shop, days, now, timeZone })
  } catch (error) {
    // A zone this server's clock library knows that the database's own list lacks (older tzdata, or a
    // legacy alias such as US/Pacific-New): the figures in UTC rather than none.
    if (timeZone === 'UTC' || !isUnknownTimeZone(error)) throw error
    return salesIn(database, { shop, days, now, timeZone: 'UTC' })
  }
}

const isUnknownTimeZone = (error: unknown) =>
  error instanceof Error && /time zone "[^"]*" not recognized/i.test(error.message)

async function salesIn(
  database: Database,
  { shop, days, now, timeZone }: Required<ReadStorefrontSalesOptions> & { timeZone: string },
): Promise<StorefrontSales> {
  const dates = periodDays(timeZone, days, now)
  const firstDay = dates[0] as string
  const { prisma } = database
  // The first day's midnight in the shop's zone, as an instant.
  const since = Prisma.sql`(${firstDay}::date::timestamp at time zone ${timeZone})`
  const dayOfRow = (column: Prisma.Sql) => Prisma.sql`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`
  const [conversations, events, orders] = await Promise.all([
    shop.widgetIntegrationId
      ? prisma.$queryRaw<{ day: string; count: bigint }[]>`
          select ${dayOfRow(Prisma.sql`created_at`)} as day, count(*) as count
          from conversations
          where widget_integration_id = ${shop.widgetIntegrationId}::uuid and account_id = ${shop.accountId}::uuid
            and channel = 'shopify' and not is_deleted and created_at >= ${since}
          group by 1`
      : Promise.resolve([]),
    prisma.$queryRaw<{ day: string; kind: string; count: bigint }[]>`
      select ${dayOfRow(Prisma.sql`e.created_at`)} as day, e.kind, count(*) as count
      from storefront_events e
      join conversations c on c.id = e.conversation_id and c.account_id = ${shop.accountId}::uuid and not c.is_deleted
      where e.shop_id = ${shop.id}::uuid and e.created_at >= ${since}
      group by 1, 2`,
    prisma.$queryRaw<{ day: string; currency: string; count: bigint; total: bigint }[]>`
      select ${dayOfRow(Prisma.sql`o.ordered_at`)} as day, o.currency_code as currency, count(*) as count,
        sum(o.total_minor)::bigint as total
      from assisted_orders o
      join conversations c on c.id = o.conversation_id and c.account_id = ${shop.accountId}::uuid and not c.is_deleted
      where o.shop_id = ${shop.id}::uuid and o.ordered_at >= ${since}
      group by 1, 2`,
  ])
  const daily: SalesDay[] = dates.map((date) => ({ date, conversations: 0, added_to_cart: 0, assisted_orders: 0 }))
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
  let orderCount = 0
  for (const row of orders) {
    totals.set(row.currency, (totals.get(row.currency) ?? 0n) + BigInt(row.total))
    orderCount += Number(row.count)
    const day = dayOf.get(row.day)
    if (day) day.assisted_orders += Number(row.count)
  }
  const sum = (key: 'conversations' | 'added_to_cart' | 'assisted_orders') =>
    daily.reduce((total, day) => total + day[key], 0)
  const conversationCount = sum('conversations')
  return {
    days,
    time_zone: timeZone,
    conversations: conversationCount,
    products_shown: productsShown,
    added_to_cart: sum('added_to_cart'),
    assisted_orders: orderCount,
    revenue: [...totals].map(([currency, hundredths]) => ({ currency, amount: decimal(hundredths) })),
    conversion_rate: conversationCount === 0 ? 0 : Math.min(1, orderCount / conversationCount),
    daily,
  }
}
