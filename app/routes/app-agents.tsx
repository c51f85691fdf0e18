// The shop's agents (the embedded Agents screen), read with the same listAgents as the dashboard's API.
// The dashboard's agent cards need its API client (their menu edits and deletes), so this screen draws a
// Polaris list from the loader's data, with the dashboard's plain pieces (empty card, count format).
import { TitleBar } from '@shopify/app-bridge-react'
import { Badge, BlockStack, Card, Divider, InlineStack, Page, Pagination, Text } from '@shopify/polaris'
import { Fragment } from 'react'
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router'
import { PageQuerySchema } from '../../server/agents/agents.schemas.ts'
import { listAgents } from '../../server/agents/list-agents.ts'
import { EmptyCard } from '../../dashboard/src/feedback/empty-card.tsx'
import { formatCount } from '../../dashboard/src/features/format/format-count.ts'
import { authenticateShop } from '../authenticate-shop.server.ts'

const PAGE_SIZE = 20

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, shop } = await authenticateShop(request, context)
  const page = PageQuerySchema.safeParse({ page: new URL(request.url).searchParams.get('page') ?? undefined, page_size: PAGE_SIZE })
  const { agents, pagination } = await listAgents(context.database, actor, page.success ? page.data : { page: 1, page_size: PAGE_SIZE })
  return {
    shopName: shop.shopName ?? shop.shopDomain,
    agents: agents.map((agent) => ({ id: agent.id, name: agent.name, description: agent.description, isActive: agent.is_active, conversations: agent.no_of_conversations, sources: agent.no_of_documents + agent.no_of_texts + agent.no_of_websites })),
    pagination,
  }
}

type ListedAgent = Awaited<ReturnType<typeof loader>>['agents'][number]

function AgentRow({ agent }: { agent: ListedAgent }) {
  return (
    <BlockStack gap="100">
      <InlineStack gap="200" blockAlign="center">
        <Text as="h3" variant="bodyMd" fontWeight="semibold">
          {agent.name}
        </Text>
        <Badge tone={agent.isActive ? 'success' : undefined}>{agent.isActive ? 'Active' : 'Inactive'}</Badge>
      </InlineStack>
      <Text as="p" tone="subdued">
        {agent.description || 'No description available'}
      </Text>
      <Text as="p" variant="bodySm" tone="subdued">
        {formatCount(agent.sources)} {agent.sources === 1 ? 'knowledge source' : 'knowledge sources'} · {formatCount(agent.conversations)} {agent.conversations === 1 ? 'conversation' : 'conversations'}
      </Text>
    </BlockStack>
  )
}

export default function AgentsScreen() {
  const { shopName, agents, pagination } = useLoaderData<typeof loader>()
  const navigate = useNavigate()
  return (
    <Page title="Agents" subtitle={shopName} secondaryActions={[{ content: 'Dashboard sign-in', url: '/app/sign-in' }]}>
      <TitleBar title="Agents" />
      {agents.length === 0 ? (
        <EmptyCard heading="No agents yet">Agents answer your customers from your store&apos;s knowledge.</EmptyCard>
      ) : (
        <Card>
          <BlockStack gap="300">
            {agents.map((agent, index) => (
              <Fragment key={agent.id}>
                {index > 0 ? <Divider /> : null}
                <AgentRow agent={agent} />
              </Fragment>
            ))}
          </BlockStack>
        </Card>
      )}
      {pagination.total_pages > 1 ? (
        <InlineStack align="center">
          <Pagination
            hasPrevious={pagination.page > 1}
            onPrevious={() => navigate(`?page=${pagination.page - 1}`)}
            hasNext={pagination.page < pagination.total_pages}
            onNext={() => navigate(`?page=${pagination.page + 1}`)}
          />
        </InlineStack>
      ) : null}
    </Page>
  )
}
