// SPEC section 2, Agents list: Create New Agent, Refresh, and the agents overview.
import { Page } from '@shopify/polaris'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { AgentsOverview } from '../../features/agents/agents-overview.tsx'
import { AGENTS_KEY } from '../../features/agents/agents.queries.ts'
import { useDocumentTitle } from '../../layout/use-document-title.ts'

export function AgentsPage() {
  useDocumentTitle('Agents')
  const queryClient = useQueryClient()
  const [refreshing, setRefreshing] = useState(false)
  const refresh = async () => {
    setRefreshing(true)
    await queryClient.refetchQueries({ queryKey: AGENTS_KEY, type: 'active' }).finally(() => setRefreshing(false))
  }
  return (
    <Page
      title="Agents"
      subtitle="Create and manage your AI agents."
      primaryAction={{ content: 'Create New Agent', url: '/app/create-agent' }}
      secondaryActions={[{ content: 'Refresh', onAction: () => void refresh(), loading: refreshing }]}
    >
      <AgentsOverview emptyText="Create an agent, give it your knowledge, and put it on your website." />
    </Page>
  )
}
