// The Overview tab (SPEC section 2): Data Sources, Activity, Configuration, Team & Timeline.
import { BlockStack, Button, ButtonGroup, Card, InlineStack, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useApi } from '../../api/api-context.tsx'
import { downloadFile } from '../../api/download-file.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { conversationListQuery } from '../conversations/conversations.queries.ts'
import { formatDate } from '../../shared/format/format-dates.ts'
import type { Agent } from './agent.types.ts'
import { AccessNote, agentCan } from './agent-access.tsx'
import { useUpdateAgent } from './agent-mutations.ts'
import { EditAgentModal } from './edit-agent-modal.tsx'
import './agents.css'
import { agentDataRoutes } from '../../api/routes/agent-data-routes.ts'

function OverviewCard({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h3" variant="headingMd">
          {title}
        </Text>
        <dl className="overview-list">
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </BlockStack>
    </Card>
  )
}

export function AgentOverview({ agent }: { agent: Agent }) {
  const client = useApi()
  const [editing, setEditing] = useState(false)
  const update = useUpdateAgent()
  const latest = useQuery(conversationListQuery(client, agent.agent_id, 'all', ''))
  const lastActivity = latest.data?.data[0]?.timestamp
  // Favourite and Edit change the agent itself: its owner's (docs/permissions.md, manage).
  const manages = agentCan(agent, 'manage')
  return (
    <BlockStack gap="400">
      <div className="agent-overview-actions">
        <InlineStack gap="200" align="end" blockAlign="center">
          {manages ? null : <AccessNote need="manage" />}
          {manages ? (
            <Button
              onClick={() => update.mutate({ agentId: agent.agent_id, changes: { is_favorite: !agent.is_favorite } })}
              loading={update.isPending}
              pressed={agent.is_favorite}
            >
              {agent.is_favorite ? '★ Favorite' : '☆ Add to favorites'}
            </Button>
          ) : null}
          <ExportConversations agentId={agent.agent_id} />
          {manages ? <Button onClick={() => setEditing(true)}>Edit Agent</Button> : null}
        </InlineStack>
      </div>
      <div className="overview-grid" data-testid="agent-overview">
        <OverviewCard
          title="Data Sources"
          rows={[
            ['Documents', agent.no_of_documents ?? 0],
            ['Text snippets', agent.no_of_texts ?? 0],
            ['Websites', agent.no_of_websites ?? 0],
          ]}
        />
        <OverviewCard
          title="Activity"
          rows={[
            ['Total conversations', agent.no_of_conversations ?? agent.conversation_count ?? 0],
            ['Last activity', lastActivity ? formatDate(lastActivity) : 'No activity yet'],
          ]}
        />
        <OverviewCard
          title="Configuration"
          rows={[
            ['Visibility', agent.visibility === 'public' ? 'Public' : 'Private'],
            ['Status', agent.is_active ? 'Active' : 'Inactive'],
            ['Archived', agent.is_archived ? 'Yes' : 'No'],
            ['Training', agent.auto_embed ? 'Automatic' : 'Manual (Embed each item)'],
          ]}
        />
        <OverviewCard
          title="Team & Timeline"
          rows={[
            ['Teams', agent.teams?.length ? agent.teams.join(', ') : 'None'],
            ['Team members', agent.no_of_team_members ?? 0],
            ['Created', formatDate(agent.created_at)],
            ['Last updated', formatDate(agent.updated_at)],
          ]}
        />
      </div>
      {editing && manages ? <EditAgentModal agent={agent} onClose={() => setEditing(false)} /> : null}
    </BlockStack>
  )
}

/** The agent's conversations as one file, with every message and its sources: JSON or CSV. */
function ExportConversations({ agentId }: { agentId: string }) {
  const client = useApi()
  const toaster = useToast()
  const [exporting, setExporting] = useState<'json' | 'csv' | null>(null)
  const exportAs = async (format: 'json' | 'csv') => {
    setExporting(format)
    try {
      await downloadFile({
        read: () => client.call(agentDataRoutes.conversationsExport, { params: { agentId }, query: { format } }),
        fileName: `conversations-${agentId}.${format}`,
        type: format === 'csv' ? 'text/csv' : 'application/json',
      })
    } catch (failure) {
      toaster.error('Export failed', failure instanceof Error ? failure.message : 'Please try again.')
    } finally {
      setExporting(null)
    }
  }
  return (
    <ButtonGroup variant="segmented">
      <Button loading={exporting === 'json'} disabled={exporting !== null} onClick={() => void exportAs('json')}>
        Export chats (JSON)
      </Button>
      <Button loading={exporting === 'csv'} disabled={exporting !== null} onClick={() => void exportAs('csv')}>
        CSV
      </Button>
    </ButtonGroup>
  )
}
