// SPEC section 2, Agent detail: name and description, then five tabs, and Leads and Improve (issue 21). The tab is
// kept in the address (?tab=chat), so a reload or a shared link opens the same tab. On a phone the tabs wrap
// onto a second row (agents.css): every one shows, none hides past the edge.
import { Card, Page, Tabs, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useParams, useSearchParams } from 'react-router'
import { useApi } from '../../api/api-context.tsx'
import { ApiError } from '../../api/api-error.ts'
import { AgentChatTab } from '../../features/chat/agent-chat-tab.tsx'
import { AgentOverview } from '../../features/agents/agent-overview.tsx'
import { agentQuery } from '../../features/agents/agents.queries.ts'
import { DocumentsTab } from '../../features/knowledge/documents-tab.tsx'
import { TextsTab } from '../../features/knowledge/texts-tab.tsx'
import { WebsitesTab } from '../../features/knowledge/websites-tab.tsx'
import { ImproveTab } from '../../features/improve/improve-tab.tsx'
import { LeadsTab } from '../../features/leads/leads-tab.tsx'
import { PageLoading } from '../../shared/page-loading.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import '../../features/agents/agents.css'

const TABS = [
  { id: 'overview', content: 'Overview' },
  { id: 'chat', content: 'Chat' },
  { id: 'documents', content: 'Documents' },
  { id: 'texts', content: 'Texts' },
  { id: 'websites', content: 'Websites' },
  { id: 'leads', content: 'Leads' },
  { id: 'improve', content: 'Improve' },
]

export function AgentDetailPage() {
  const { agentId = '' } = useParams()
  const client = useApi()
  const [search, setSearch] = useSearchParams()
  const agent = useQuery(agentQuery(client, agentId))
  useDocumentTitle(agent.data?.name ?? 'Agent')
  const selected = Math.max(
    0,
    TABS.findIndex((tab) => tab.id === search.get('tab')),
  )
  if (agent.isPending) return <PageLoading label="Loading agent" />
  if (agent.isError || !agent.data) {
    const missing = agent.error instanceof ApiError && agent.error.status === 404
    return (
      <Page
        title={missing ? 'Agent not found' : 'Unable to load agent'}
        backAction={{ content: 'Agents', url: '/app/agents' }}
      >
        <Card>
          <Text as="p">{missing ? "The agent you're looking for doesn't exist." : agent.error?.message}</Text>
        </Card>
      </Page>
    )
  }
  const tab = TABS[selected]?.id ?? 'overview'
  return (
    <Page
      title={agent.data.name}
      subtitle={agent.data.description || "Manage your agent's configuration and data."}
      backAction={{ content: 'Agents', url: '/app/agents' }}
    >
      <div className="agent-tabs">
        <Tabs
          tabs={TABS}
          selected={selected}
          onSelect={(index) =>
            setSearch((previous) => ({ ...Object.fromEntries(previous), tab: TABS[index]?.id ?? 'overview' }), {
              replace: true,
            })
          }
          fitted
        >
          <div className="agent-tab">
            {tab === 'overview' && <AgentOverview agent={agent.data} />}
            {tab === 'chat' && <AgentChatTab key={agent.data.agent_id} agent={agent.data} />}
            {tab === 'documents' && <DocumentsTab agentId={agentId} />}
            {tab === 'texts' && <TextsTab agentId={agentId} />}
            {tab === 'websites' && <WebsitesTab agentId={agentId} />}
            {tab === 'leads' && <LeadsTab agentId={agentId} />}
            {tab === 'improve' && <ImproveTab agentId={agentId} />}
          </div>
        </Tabs>
      </div>
    </Page>
  )
}
