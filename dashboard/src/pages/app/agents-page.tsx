// SPEC section 2, Agents list: 12 per page, summary cards, Refresh, polling every 5 s.
import { BlockStack, Button, Card, Page, SkeletonBodyText, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useApi } from '../../api/api-context.tsx'
import { AgentCard } from '../../features/agents/agent-card.tsx'
import { AgentPagination } from '../../features/agents/agent-pagination.tsx'
import { AGENT_LIST_POLL_MS, agentChoicesQuery, agentListQuery } from '../../features/agents/agents.queries.ts'
import { StatCard } from '../../features/dashboard/stat-cards.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import '../../features/agents/agents.css'
import { EmptyCard } from '../../feedback/empty-card.tsx'

export const AGENTS_PER_PAGE = 12

export function AgentsPage() {
  useDocumentTitle('Agents')
  const client = useApi()
  const [search, setSearch] = useSearchParams()
  const page = Math.max(1, Number(search.get('page')) || 1)
  const agents = useQuery({ ...agentListQuery(client, page, AGENTS_PER_PAGE), refetchInterval: AGENT_LIST_POLL_MS })
  const all = useQuery({ ...agentChoicesQuery(client), refetchInterval: AGENT_LIST_POLL_MS })
  const everyAgent = all.data?.agents
  const [refreshing, setRefreshing] = useState(false)
  const lastPage = agents.data?.pagination.total_pages ?? 0
  // A page past the end (its last agent deleted) moves to the last page there is.
  useEffect(() => {
    if (lastPage > 0 && page > lastPage) setSearch(lastPage === 1 ? {} : { page: String(lastPage) }, { replace: true })
  }, [lastPage, page, setSearch])
  const refresh = async () => {
    setRefreshing(true)
    await Promise.all([agents.refetch(), all.refetch()]).finally(() => setRefreshing(false))
  }
  return (
    <Page
      title="Agents"
      subtitle="Create and manage your AI agents."
      primaryAction={{ content: 'Create New Agent', url: '/app/create-agent' }}
      secondaryActions={[{ content: 'Refresh', onAction: () => void refresh(), loading: refreshing }]}
    >
      <BlockStack gap="500">
        <div className="agent-summary">
          <StatCard title="Total Agents" value={agents.data?.pagination.total_count} />
          <StatCard title="Public Agents" value={everyAgent?.filter((agent) => agent.visibility === 'public').length} />
          <StatCard title="Favorites" value={everyAgent?.filter((agent) => agent.is_favorite).length} />
          <StatCard title="Total Chats" value={everyAgent?.reduce((sum, agent) => sum + (agent.no_of_conversations ?? 0), 0)} />
        </div>
        {agents.isPending ? (
          <Card>
            <SkeletonBodyText lines={6} />
          </Card>
        ) : agents.isError ? (
          <Card>
            <BlockStack gap="200" inlineAlign="start">
              <Text as="p" tone="critical">
                Failed to load agents. Please try again.
              </Text>
              <Button onClick={() => void agents.refetch()}>Retry</Button>
            </BlockStack>
          </Card>
        ) : agents.data.agents.length === 0 ? (
          <EmptyCard heading="No agents yet" action={{ content: 'Create New Agent', url: '/app/create-agent' }}>
          Create an agent, give it your knowledge, and put it on your website.
        </EmptyCard>
        ) : (
          <>
            <div className="agent-grid">
              {agents.data.agents.map((agent) => (
                <AgentCard key={agent.agent_id} agent={agent} />
              ))}
            </div>
            <AgentPagination page={page} totalPages={agents.data.pagination.total_pages} onPage={(next) => setSearch(next === 1 ? {} : { page: String(next) })} />
          </>
        )}
      </BlockStack>
    </Page>
  )
}
