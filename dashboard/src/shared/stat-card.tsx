// One figure with its title and, where there is one, its 30-day trend: the Dashboard's cards and the
// Agents list's summary.
import { BlockStack, Card, InlineStack, Text } from '@shopify/polaris'
import type { Trend } from '#server/stats/stats.schemas.ts'
import { formatCount } from './format/format-count.ts'

function TrendLine({ trend }: { trend: Trend }) {
  // Nothing then and nothing now is no change, not a rise of 0 %.
  if (trend.value === 0)
    return (
      <Text as="span" variant="bodySm" tone="subdued">
        No change vs previous 30 days
      </Text>
    )
  return (
    <Text as="span" variant="bodySm" tone={trend.isPositive ? 'success' : 'critical'}>
      {trend.isPositive ? '▲' : '▼'} {Math.abs(trend.value)}%{' '}
      <span className="visually-hidden">{trend.isPositive ? 'up' : 'down'} </span>vs previous 30 days
    </Text>
  )
}

export function StatCard({
  title,
  value,
  caption,
  trend,
  shown,
}: {
  title: string
  value: number | undefined
  caption?: string
  trend?: Trend
  /** The figure as text when it is not a count (a percentage, "No ratings yet"). */
  shown?: string
}) {
  return (
    <Card>
      <BlockStack gap="100">
        <Text as="h3" variant="headingSm" tone="subdued">
          {title}
        </Text>
        <Text as="p" variant="heading2xl">
          {shown ?? (value === undefined ? '–' : formatCount(value))}
        </Text>
        {caption || trend ? (
          <InlineStack gap="200" wrap>
            <Text as="span" variant="bodySm" tone="subdued">
              {caption}
            </Text>
            {trend ? <TrendLine trend={trend} /> : null}
          </InlineStack>
        ) : null}
      </BlockStack>
    </Card>
  )
}
