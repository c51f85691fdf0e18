// The signed-in area's warning when a limit is fully used (a usage notification at 100 %, level
// critical): its message and Upgrade Plan. Dismissed, it stays hidden until the page is reloaded.
import { Banner } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useApi } from '../../api/api-context.tsx'
import { UPGRADE_URL } from '../../api/api-error.ts'
import { notificationsQuery } from './billing.queries.ts'

export function CriticalUsageBanner() {
  const client = useApi()
  const notifications = useQuery(notificationsQuery(client))
  const [dismissed, setDismissed] = useState<string[]>([])
  const critical = (notifications.data ?? []).filter(
    (notification) =>
      notification.kind === 'usage' && notification.level === 'critical' && !dismissed.includes(notification.id),
  )
  const [first] = critical
  if (!first) return null
  return (
    <div className="critical-usage-banner" data-testid="critical-usage-banner">
      <Banner
        tone="critical"
        title={first.title}
        action={{ content: 'Upgrade Plan', url: UPGRADE_URL }}
        onDismiss={() => setDismissed((current) => [...current, ...critical.map((notification) => notification.id)])}
      >
        <p>{first.message}</p>
        {critical.length > 1 ? (
          <p>{`${critical.length - 1} more ${critical.length === 2 ? 'limit is' : 'limits are'} fully used: see Usage & Plan.`}</p>
        ) : null}
      </Banner>
    </div>
  )
}
