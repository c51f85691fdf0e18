// The home screen's "Sales from chat" card: for the chosen period, the storefront chats, the products
// they showed, cart additions from the cards, the orders those carts became and their value, the
// conversion rate, and a small chart of chats and cart additions per day.
import { BlockStack, Card, InlineGrid, InlineStack, Select, Text } from '@shopify/polaris'
import type { StorefrontSales } from '#server/shopify/products/read-storefront-sales.ts'
import { formatCount } from '#dashboard/shared/format/format-count.ts'

const PERIODS = [
  { label: 'Last 7 days', value: '7' },
  { label: 'Last 30 days', value: '30' },
  { label: 'Last 90 days', value: '90' },
]

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <BlockStack gap="100">
      <Text as="span" variant="bodySm" tone="subdued">
        {label}
      </Text>
      <Text as="span" variant="headingLg">
        {value}
      </Text>
    </BlockStack>
  )
}

const money = (amount: string, currency: string) => {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(amount))
  } catch {
    return `${amount} ${currency}`
  }
}

/** Bars of chats per day, with the day's cart additions darker inside them; described for screen readers. */
function DailyChart({ sales }: { sales: StorefrontSales }) {
  const width = 600
  const height = 80
  const highest = Math.max(1, ...sales.daily.map((day) => Math.max(day.conversations, day.added_to_cart)))
  const slot = width / sales.daily.length
  const bar = (count: number) => (count / highest) * (height - 4)
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      height={height}
      role="img"
      aria-label={`Chats and cart additions per day: ${sales.conversations} chats, ${sales.added_to_cart} added to cart`}
      preserveAspectRatio="none"
    >
      {sales.daily.map((day, index) => (
        <g key={day.date}>
          <title>{`${day.date}: ${day.conversations} chats, ${day.added_to_cart} added to cart, ${day.assisted_orders} orders`}</title>
          <rect
            x={index * slot + slot * 0.15}
            y={height - bar(day.conversations)}
            width={slot * 0.7}
            height={bar(day.conversations)}
            fill="#a4c8f0"
          />
          <rect
            x={index * slot + slot * 0.3}
            y={height - bar(day.added_to_cart)}
            width={slot * 0.4}
            height={bar(day.added_to_cart)}
            fill="#2c6ecb"
          />
        </g>
      ))}
    </svg>
  )
}

export function StorefrontSalesCard({ sales, onPeriod }: { sales: StorefrontSales; onPeriod: (days: string) => void }) {
  const revenue = sales.revenue.length
    ? sales.revenue.map((total) => money(total.amount, total.currency)).join(' + ')
    : '0'
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" wrap>
          <Text as="h2" variant="headingMd">
            Sales from chat
          </Text>
          <Select label="Period" labelInline options={PERIODS} value={String(sales.days)} onChange={onPeriod} />
        </InlineStack>
        {sales.conversations === 0 && sales.products_shown === 0 ? (
          <Text as="p" tone="subdued">
            No storefront chats in this period yet. When shoppers ask your agent about products, what it shows, what
            they add to their cart and the orders that follow appear here.
          </Text>
        ) : (
          <>
            <InlineGrid columns={{ xs: 2, sm: 3, md: 6 }} gap="400">
              <Figure label="Conversations" value={formatCount(sales.conversations)} />
              <Figure label="Products shown" value={formatCount(sales.products_shown)} />
              <Figure label="Added to cart" value={formatCount(sales.added_to_cart)} />
              <Figure label="Assisted orders" value={formatCount(sales.assisted_orders)} />
              <Figure label="Revenue" value={revenue} />
              <Figure label="Conversion rate" value={`${(sales.conversion_rate * 100).toFixed(1)}%`} />
            </InlineGrid>
            <DailyChart sales={sales} />
            <Text as="p" variant="bodySm" tone="subdued">
              {`Days in your store’s time zone (${sales.time_zone}).`}
            </Text>
          </>
        )}
      </BlockStack>
    </Card>
  )
}
