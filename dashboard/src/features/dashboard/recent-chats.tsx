// The latest conversations across the user's agents, linking to the Conversations page.
import { Badge, BlockStack, Card, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { RecentChats } from '#server/stats/stats.schemas.ts'
import { useApi } from '../../api/api-context.tsx'
import { formatMonthDay } from '../../shared/format/format-dates.ts'
import { DASHBOARD_KEY } from '../../shared/query-keys.ts'
import { statsRoutes } from '../../api/routes/stats-routes.ts'

export function RecentChats() {
  const client = useApi()
  const chats = useQuery({
    queryKey: [...DASHBOARD_KEY, 'recent-chats'],
    queryFn: () => client.call(statsRoutes.recentChats, { query: { count: 5 } }),
    staleTime: 30_000,
  })
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          Recent Chats
        </Text>
        {chats.isPending ? (
          <Text as="p" tone="subdued">
            Loading...
          </Text>
        ) : chats.isError || !Array.isArray(chats.data) || chats.data.length === 0 ? (
          <Text as="p" tone="subdued">
            No conversations yet
          </Text>
        ) : (
          <div>
            {chats.data.map((chat) => (
              <Link
                key={chat.id}
                className="recent-chat"
                to={`/app/conversations?agent=${encodeURIComponent(chat.agent_id)}&conversation=${encodeURIComponent(chat.id)}`}
              >
                <BlockStack gap="050">
                  <Text as="span" fontWeight="semibold" truncate>
                    {chat.name}
                  </Text>
                  <Text as="span" variant="bodySm" tone="subdued" truncate>
                    {chat.agent_name} · {formatMonthDay(chat.timestamp)}
                  </Text>
                </BlockStack>
                {chat.unread > 0 ? <Badge tone="info">{`${chat.unread} unread`}</Badge> : null}
              </Link>
            ))}
          </div>
        )}
      </BlockStack>
    </Card>
  )
}
