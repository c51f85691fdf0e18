// "Your Agents" on the Dashboard (SPEC section 2): up to 6 agent cards, View All and Create Agent.
import { BlockStack, Button, Card, InlineStack, SkeletonBodyText, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/api-context.tsx'
import { AgentCard } from '../agents/agent-card.tsx'
import { agentListQuery } from '../agents/agents.queries.ts'
import '../agents/agents.css'
import { EmptyCard } from '../../feedback/empty-card.tsx'
import { askToShareText, NO_SHARED_AGENTS } from '../membership/no-shared-agents-text.ts'
import { useMembership } from '../membership/use-membership.ts'

const DASHBOARD_AGENT_COUNT = 6

export function YourAgentsPanel() {
  const client = useApi()
  const agents = useQuery(agentListQuery(client, 1, 10))
  const { memberOf } = useMembership()
  return (
    <BlockStack gap="300">
      <InlineStack align="space-between" blockAlign="center" gap="200">
        <Text as="h2" variant="headingLg">
          Your Agents
        </Text>
        <InlineStack gap="200">
          <Button url="/app/agents">View All</Button>
          <Button url="/app/create-agent" variant="primary">
            Create Agent
          </Button>
        </InlineStack>
      </InlineStack>
      {agents.isPending ? (
        <Card>
          <SkeletonBodyText lines={4} />
        </Card>
      ) : agents.isError ? (
        <Card>
          <Text as="p" tone="critical">
            Unable to load your agents.
          </Text>
        </Card>
      ) : agents.data.agents.length === 0 && memberOf.length > 0 ? (
        // In someone's team: their agents show here once shared, so that is what is missing.
        <EmptyCard heading={NO_SHARED_AGENTS}>{askToShareText(memberOf)}</EmptyCard>
      ) : agents.data.agents.length === 0 ? (
        <EmptyCard
          heading="You haven't created any agents yet"
          action={{ content: 'Create Your First Agent', url: '/app/create-agent' }}
        >
          Agents answer your customers from your documents, texts and websites.
        </EmptyCard>
      ) : (
        <div className="agent-grid">
          {agents.data.agents.slice(0, DASHBOARD_AGENT_COUNT).map((agent) => (
            <AgentCard key={agent.agent_id} agent={agent} />
          ))}
        </div>
      )}
    </BlockStack>
  )
}
