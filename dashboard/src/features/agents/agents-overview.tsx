// SPEC section 2, Agents list, inside its frame: the summary cards and 12 agents a page (the page kept in
// the address, ?page=), polled every 5 s. The dashboard's page and the embedded Shopify admin show it.
import { BlockStack, Button, Card, SkeletonBodyText, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { useApi } from '../../api/api-context.tsx'
import { EmptyCard } from '../../feedback/empty-card.tsx'
import { StatCard } from '../../shared/stat-card.tsx'
import { AgentCard } from './agent-card.tsx'
import { AgentPagination } from './agent-pagination.tsx'
import { AGENT_LIST_POLL_MS, agentChoicesQuery, agentListQuery } from './agents.queries.ts'
import './agents.css'

const AGENTS_PER_PAGE = 12

export function AgentsOverview({ emptyText }: { emptyText: string }) {
  const client = useApi()
  const [search, setSearch] = useSearchParams()
  const page = Math.max(1, Number(search.get('page')) || 1)
  const agents = useQuery({ ...agentListQuery(client, page, AGENTS_PER_PAGE), refetchInterval: AGENT_LIST_POLL_MS })
  const all = useQuery({ ...agentChoicesQuery(client), refetchInterval: AGENT_LIST_POLL_MS })
  const everyAgent = all.data?.agents
  const lastPage = agents.data?.pagination.total_pages ?? 0
  // Other parameters of the address stay (the Shopify admin's among them).
  const goToPage = useCallback(
    (next: number, replace = false) =>
      setSearch(
        (previous) => {
          const params = new URLSearchParams(previous)
          if (next === 1) params.delete('page')
          else params.set('page', String(next))
          return params
        },
        { replace },
      ),
    [setSearch],
  )
  // A page past the end (its last agent deleted) moves to the last page there is.
  useEffect(() => {
    if (lastPage > 0 && page > lastPage) goToPage(lastPage, true)
  }, [lastPage, page, goToPage])
  return (
    <BlockStack gap="500">
      <div className="agent-summary">
        <StatCard title="Total Agents" value={agents.data?.pagination.total_count} />
        <StatCard title="Public Agents" value={everyAgent?.filter((agent) => agent.visibility === 'public').length} />
        <StatCard title="Favorites" value={everyAgent?.filter((agent) => agent.is_favorite).length} />
        <StatCard
          title="Total Chats"
          value={everyAgent?.reduce((sum, agent) => sum + (agent.no_of_conversations ?? 0), 0)}
        />
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
          {emptyText}
        </EmptyCard>
      ) : (
        <>
          <div className="agent-grid">
            {agents.data.agents.map((agent) => (
              <AgentCard key={agent.agent_id} agent={agent} />
            ))}
          </div>
          <AgentPagination
            page={page}
            totalPages={agents.data.pagination.total_pages}
            onPage={(next) => goToPage(next)}
          />
        </>
      )}
    </BlockStack>
  )
}
