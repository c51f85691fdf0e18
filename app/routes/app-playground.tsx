// The embedded Playground: the dashboard's own agent chat (Start Conversation, the answer streamed token
// by token with its cited sources, New Chat), over the shop account's agents. The agent is kept in the
// address (?agent=); the chat reaches the API with the admin's session token.
import { TitleBar } from '@shopify/app-bridge-react'
import { BlockStack, Card, Page, Select, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router'
import { useApi } from '#dashboard/api/api-context.tsx'
import { agentQuery } from '#dashboard/features/agents/agents.queries.ts'
import { AgentChatTab } from '#dashboard/features/chat/agent-chat-tab.tsx'
import { LoadFailedBanner } from '#dashboard/feedback/load-failed-banner.tsx'
import { listOwnedAgentNames } from '#server/agents/list-owned-agent-names.ts'
import { authenticateShop } from '../authenticate-shop.server.ts'
import { chosenAgentId } from '../embedded/chosen-agent.ts'
import { ClientOnly } from '../embedded/client-only.tsx'
import { revalidateOnPathChange } from '../embedded/revalidate-on-path-change.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor } = await authenticateShop(request, context)
  return { agents: await listOwnedAgentNames(context.database, actor) }
}

function PlaygroundChat({ agentId }: { agentId: string }) {
  const agent = useQuery(agentQuery(useApi(), agentId))
  if (agent.isPending) {
    return (
      <Card>
        <Text as="p" tone="subdued">
          Loading the agent…
        </Text>
      </Card>
    )
  }
  if (agent.isError) {
    return (
      <LoadFailedBanner title="Unable to load the agent" error={agent.error} onRetry={() => void agent.refetch()} />
    )
  }
  return <AgentChatTab agent={agent.data} />
}

export const shouldRevalidate = revalidateOnPathChange()

export default function PlaygroundScreen() {
  const { agents } = useLoaderData<typeof loader>()
  const [search, setSearch] = useSearchParams()
  const agentId = chosenAgentId(agents, search)
  return (
    <Page
      title="Playground"
      subtitle="Chat with an agent as your customers will"
      backAction={{ content: 'Agents', url: '/app' }}
    >
      <TitleBar title="Playground" />
      <BlockStack gap="400">
        {agents.length === 0 ? (
          <Card>
            <Text as="p">Create an agent first (Knowledge), then chat with it here.</Text>
          </Card>
        ) : (
          <>
            <Card>
              <Select
                label="Agent"
                options={agents.map((agent) => ({ label: agent.name, value: agent.id }))}
                value={agentId}
                onChange={(agent) =>
                  setSearch((current) => ({ ...Object.fromEntries(current), agent }), { replace: true })
                }
              />
            </Card>
            <ClientOnly>
              <PlaygroundChat key={agentId} agentId={agentId} />
            </ClientOnly>
          </>
        )}
      </BlockStack>
    </Page>
  )
}
