// One agent as a card (SPEC section 2, Dashboard and Agents list): name, active badge, team badge,
// description, conversation count, and a menu to view, edit or delete it.
import { ActionList, Badge, BlockStack, Button, Card, InlineStack, Popover, Text } from '@shopify/polaris'
import { MenuHorizontalIcon } from '@shopify/polaris-icons'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { formatCount } from '../../shared/format/format-count.ts'
import type { Agent } from './agent.types.ts'
import { ACCESS_NOTES, agentCan } from './agent-access.tsx'
import { useDeleteAgent } from './agent-mutations.ts'
import { EditAgentModal } from './edit-agent-modal.tsx'

const DELETE_AGENT_CONFIRMATION = 'Are you sure you want to delete this agent?'

function teamBadge(teams: string[]): string | null {
  if (teams.length === 0) return null
  return teams.length === 1 ? (teams[0] ?? null) : `${teams.length} teams`
}

export function AgentCard({ agent }: { agent: Agent }) {
  const navigate = useNavigate()
  const [menuOpen, setMenuOpen] = useState(false)
  const [editing, setEditing] = useState(false)
  const remove = useDeleteAgent()
  const team = teamBadge(agent.teams ?? [])
  const detailUrl = `/app/agents/${encodeURIComponent(agent.agent_id)}`
  const conversations = agent.no_of_conversations ?? agent.conversation_count ?? 0
  // Edit and Delete stay in the menu, disabled with the reason under them, for those who may not use them.
  const manages = agentCan(agent, 'manage')
  const onlyOwner = manages ? {} : { disabled: true, helpText: ACCESS_NOTES.manage }
  return (
    <Card>
      <div className="agent-card" data-testid="agent-card">
        <BlockStack gap="200">
          <InlineStack align="space-between" blockAlign="start" wrap={false} gap="200">
            <BlockStack gap="100">
              <Text as="h3" variant="headingMd" breakWord>
                {agent.name}
              </Text>
              <InlineStack gap="100">
                <Badge tone={agent.is_active ? 'success' : undefined}>{agent.is_active ? 'Active' : 'Inactive'}</Badge>
                {team ? <Badge tone="info">{team}</Badge> : null}
                {agent.is_favorite ? <Badge tone="attention">Favorite</Badge> : null}
              </InlineStack>
            </BlockStack>
            <Popover
              active={menuOpen}
              onClose={() => setMenuOpen(false)}
              activator={
                <Button
                  variant="tertiary"
                  icon={MenuHorizontalIcon}
                  accessibilityLabel={`Actions for ${agent.name}`}
                  onClick={() => setMenuOpen(!menuOpen)}
                />
              }
            >
              <ActionList
                onActionAnyItem={() => setMenuOpen(false)}
                items={[
                  { content: 'View Details', onAction: () => void navigate(detailUrl) },
                  { content: 'Edit Agent', onAction: () => setEditing(true), ...onlyOwner },
                  {
                    content: 'Delete Agent',
                    destructive: true,
                    ...onlyOwner,
                    onAction: () => {
                      if (window.confirm(DELETE_AGENT_CONFIRMATION)) remove.mutate(agent.agent_id)
                    },
                  },
                ]}
              />
            </Popover>
          </InlineStack>
          <div className="agent-card__description">
            <Text as="p" tone="subdued" breakWord>
              {agent.description || 'No description available'}
            </Text>
          </div>
          <InlineStack align="space-between" blockAlign="center">
            <Text as="span" variant="bodySm" tone="subdued">
              {formatCount(conversations)} {conversations === 1 ? 'conversation' : 'conversations'}
            </Text>
            <Button url={detailUrl} accessibilityLabel={`View details of ${agent.name}`}>
              View Details
            </Button>
          </InlineStack>
        </BlockStack>
      </div>
      {editing && manages ? <EditAgentModal agent={agent} onClose={() => setEditing(false)} /> : null}
    </Card>
  )
}
