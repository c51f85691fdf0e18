// Engagement by weekday: conversations started and answers given, as an SVG bar chart with the same
// figures in a table for screen readers.
import { BlockStack, Card, InlineStack, Select, Text } from '@shopify/polaris'
import type { Engagement } from '#server/stats/stats.schemas.ts'

const RANGES = [
  { label: 'Last 7 days', value: '7d' },
  { label: 'Last 30 days', value: '30d' },
  { label: 'Last 90 days', value: '90d' },
  { label: 'Last year', value: '365d' },
]
const HEIGHT = 160

export function EngagementChart({
  points,
  range,
  onRangeChange,
}: {
  points: Engagement | undefined
  range: string
  onRangeChange(range: string): void
}) {
  const highest = Math.max(1, ...(points ?? []).flatMap((point) => [point.conversations, point.responses]))
  const quiet = points !== undefined && points.every((point) => point.conversations === 0 && point.responses === 0)
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            Engagement
          </Text>
          <div className="engagement-range">
            <Select label="Period" labelInline options={RANGES} value={range} onChange={onRangeChange} />
          </div>
        </InlineStack>
        {quiet ? (
          <Text as="p" tone="subdued">
            No conversations in this period yet. Once people chat with your agents, each day's conversations and answers
            show here.
          </Text>
        ) : null}
        <div className={`engagement-chart${quiet ? ' engagement-chart--quiet' : ''}`} aria-hidden="true">
          {(
            points ??
            Array.from({ length: 7 }, (_, index) => ({
              name: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][index] ?? '',
              conversations: 0,
              responses: 0,
            }))
          ).map((point) => (
            <div key={point.name} className="engagement-chart__day">
              <svg viewBox={`0 0 24 ${HEIGHT}`} preserveAspectRatio="none" className="engagement-chart__bars">
                <rect
                  x="2"
                  width="9"
                  y={HEIGHT - (point.conversations / highest) * HEIGHT}
                  height={(point.conversations / highest) * HEIGHT}
                  className="bar bar--conversations"
                />
                <rect
                  x="13"
                  width="9"
                  y={HEIGHT - (point.responses / highest) * HEIGHT}
                  height={(point.responses / highest) * HEIGHT}
                  className="bar bar--responses"
                />
              </svg>
              <span className="engagement-chart__label">{point.name}</span>
            </div>
          ))}
        </div>
        <InlineStack gap="400">
          <span className="legend legend--conversations">Conversations</span>
          <span className="legend legend--responses">Responses</span>
        </InlineStack>
        <table className="visually-hidden">
          <caption>Engagement by weekday</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Conversations</th>
              <th scope="col">Responses</th>
            </tr>
          </thead>
          <tbody>
            {(points ?? []).map((point) => (
              <tr key={point.name}>
                <th scope="row">{point.name}</th>
                <td>{point.conversations}</td>
                <td>{point.responses}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </BlockStack>
    </Card>
  )
}
