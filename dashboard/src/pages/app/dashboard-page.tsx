// SPEC section 2, Dashboard: welcome, Refresh, four stat cards, Your Agents, engagement and recent chats.
// Data refreshes on window focus, when the tab becomes visible, and on Refresh.
import { Banner, BlockStack, Page } from '@shopify/polaris'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useApi } from '../../api/api-context.tsx'
import { ApiError } from '../../api/api-error.ts'
import { AGENTS_KEY } from '../../features/agents/agents.queries.ts'
import { engagementQuery, statsQuery } from '../../features/dashboard/dashboard.queries.ts'
import { DASHBOARD_KEY } from '../../shared/query-keys.ts'
import { EngagementChart } from '../../features/dashboard/engagement-chart.tsx'
import { RecentChats } from '../../features/dashboard/recent-chats.tsx'
import { StatCards } from '../../features/dashboard/stat-cards.tsx'
import { YourAgentsPanel } from '../../features/dashboard/your-agents-panel.tsx'
import { MemberTeamsCard } from '../../features/membership/member-teams-card.tsx'
import { useToast } from '../../feedback/toast-context.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import { useSession } from '../../session/session-context.tsx'

const NEW_ACCOUNT_MS = 24 * 60 * 60_000

function statsProblem(error: unknown): string {
  if (error instanceof ApiError && error.status === 404)
    return 'No dashboard statistics available yet. Start using the application to see your stats.'
  return 'Failed to load dashboard statistics.'
}

export function DashboardPage() {
  useDocumentTitle('Dashboard')
  const client = useApi()
  const toaster = useToast()
  const queryClient = useQueryClient()
  const { user } = useSession()
  const [range, setRange] = useState('7d')
  const [refreshing, setRefreshing] = useState(false)
  const stats = useQuery(statsQuery(client))
  const engagement = useQuery(engagementQuery(client, range))

  const refresh = async () => {
    setRefreshing(true)
    try {
      await Promise.all([
        queryClient.refetchQueries({ queryKey: DASHBOARD_KEY, type: 'active' }),
        queryClient.refetchQueries({ queryKey: AGENTS_KEY, type: 'active' }),
      ])
      const failed = queryClient.getQueryState(statsQuery(client).queryKey)?.status === 'error'
      if (failed) toaster.error('Failed to refresh dashboard')
      else toaster.success('Dashboard refreshed successfully')
    } finally {
      setRefreshing(false)
    }
  }

  const [shownAt] = useState(Date.now)
  const firstName = user?.full_name?.split(' ')[0]
  // Someone who joined today is welcomed, not welcomed back.
  const greeting = user && shownAt - Date.parse(user.date_joined) < NEW_ACCOUNT_MS ? 'Welcome' : 'Welcome back'
  return (
    <Page
      title={firstName ? `${greeting}, ${firstName}!` : `${greeting}!`}
      subtitle="Here's how your AI agents are doing."
      primaryAction={{ content: 'Refresh', onAction: () => void refresh(), loading: refreshing }}
    >
      <BlockStack gap="500">
        {stats.isError ? (
          <Banner tone={stats.error instanceof ApiError && stats.error.status === 404 ? 'info' : 'critical'}>
            {statsProblem(stats.error)}
          </Banner>
        ) : null}
        {stats.isSuccess && !stats.data ? <Banner tone="info">No dashboard data available.</Banner> : null}
        <MemberTeamsCard />
        <StatCards stats={stats.data} />
        <YourAgentsPanel />
        <div className="dashboard-columns">
          <EngagementChart
            points={Array.isArray(engagement.data) ? engagement.data : undefined}
            range={range}
            onRangeChange={setRange}
          />
          <RecentChats />
        </div>
      </BlockStack>
    </Page>
  )
}
