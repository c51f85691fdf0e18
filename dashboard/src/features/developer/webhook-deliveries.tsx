// One endpoint's delivery log: each event sent, how it went, how many attempts, the receiver's last answer.
import { Badge, Button, SkeletonBodyText, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/api-context.tsx'
import { formatDate, formatTime12 } from '../../shared/format/format-dates.ts'
import '../../shared/stacked-table.css'
import { deliveriesQuery } from './webhooks.queries.ts'

const TONE = { succeeded: 'success', failed: 'critical', pending: 'attention' } as const

export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const client = useApi()
  const deliveries = useQuery(deliveriesQuery(client, endpointId))
  if (deliveries.isPending) return <SkeletonBodyText lines={2} />
  if (deliveries.isError)
    return (
      <Text as="p" tone="critical">
        Unable to load the deliveries. <Button onClick={() => void deliveries.refetch()}>Try Again</Button>
      </Text>
    )
  if (deliveries.data.length === 0)
    return (
      <Text as="p" tone="subdued">
        No events sent to this endpoint yet.
      </Text>
    )
  return (
    <table className="stacked-table" aria-label="Deliveries">
      <thead>
        <tr>
          <th>Event</th>
          <th>Status</th>
          <th>Attempts</th>
          <th>Last answer</th>
          <th>Sent</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.data.map((delivery) => (
          <tr key={delivery.delivery_id} data-testid="webhook-delivery">
            <td data-label="Event">{delivery.event}</td>
            <td data-label="Status">
              <Badge tone={TONE[delivery.status]}>{delivery.status}</Badge>
            </td>
            <td data-label="Attempts">{delivery.attempts}</td>
            <td data-label="Last answer">{delivery.last_status_code ?? delivery.last_error ?? '–'}</td>
            <td data-label="Sent">
              {formatDate(delivery.created_at)} {formatTime12(delivery.created_at)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
