// The four stat cards of the Dashboard (SPEC section 2), with the 30-day trends.
import { BlockStack, Card, InlineStack, Text } from '@shopify/polaris'
import { formatCount } from '../format/format-count.ts'
import type { DashboardStats, Trend } from './dashboard.queries.ts'
import './dashboard.css'

function TrendLine({ trend }: { trend: Trend }) {
  return (
    <Text as="span" variant="bodySm" tone={trend.isPositive ? 'success' : 'critical'}>
      {trend.isPositive ? '▲' : '▼'} {Math.abs(trend.value)}%{' '}
      <span className="visually-hidden">{trend.isPositive ? 'up' : 'down'} </span>vs previous 30 days
    </Text>
  )
}

/** One figure with its title; the Dashboard's cards and the Agents list's summary. */
export function StatCard({
  title,
  value,
  caption,
  trend,
}: {
  title: string
  value: number | undefined
  caption?: string
  trend?: Trend
}) {
  return (
    <Card>
      <BlockStack gap="100">
        <Text as="h3" variant="headingSm" tone="subdued">
          {title}
        </Text>
        <Text as="p" variant="heading2xl">
          {value === undefined ? '–' : formatCount(value)}
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

export function StatCards({ stats }: { stats: DashboardStats | undefined }) {
  return (
    <div className="stat-grid" data-testid="stat-cards">
      <StatCard title="Total Agents" value={stats?.totalAgents} caption="AI agents created" />
      <StatCard
        title="Total Conversations"
        value={stats?.totalConversations}
        caption="All conversations"
        trend={stats?.trends.conversations}
      />
      <StatCard title="Active Conversations" value={stats?.activeConversations} caption="Currently active chats" />
      <StatCard
        title="Total Messages"
        value={stats?.totalMessages}
        caption="Messages exchanged"
        trend={stats?.trends.messages}
      />
    </div>
  )
}
