// The embedded Knowledge screen: the store's catalogue and content imported into an agent's knowledge
// (products through a bulk operation; collections, pages, articles and policies), kept in sync by
// webhooks. Each import is a durable job; this screen shows how far the latest ones got.
import { TitleBar } from '@shopify/app-bridge-react'
import { Badge, Banner, BlockStack, Button, Card, FormLayout, InlineStack, Page, Select, Text, TextField } from '@shopify/polaris'
import { useState } from 'react'
import { Form, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { z } from 'zod'
import { AGENT_MESSAGES } from '../../server/agents/agents.schemas.ts'
import { createAgent } from '../../server/agents/create-agent.ts'
import { requireAgentAccess } from '../../server/agents/require-agent-access.ts'
import { AppError } from '../../server/errors/app-error.ts'
import { enqueueStoreImport } from '../../server/shopify/jobs/enqueue-store-import.ts'
import { authenticateShop } from '../authenticate-shop.server.ts'

const ImportSchema = z.object({ intent: z.literal('import'), agent_id: z.uuid({ error: 'Choose an agent' }) })
const CreateSchema = z.object({ intent: z.literal('create-agent'), name: z.string().trim().min(1, { error: AGENT_MESSAGES.nameRequired }).max(255) })
const ActionSchema = z.discriminatedUnion('intent', [ImportSchema, CreateSchema], { error: 'Unknown action' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, shop } = await authenticateShop(request, context)
  const { prisma } = context.database
  const agents: { id: string; name: string }[] = await prisma.agent.findMany({ where: { accountId: actor.userId }, orderBy: { createdAt: 'asc' }, select: { id: true, name: true }, take: 100 })
  const resources: { agentId: string; kind: string; _count: { _all: number } }[] = await prisma.shopifyResource.groupBy({ by: ['agentId', 'kind'], where: { shopId: shop.id }, _count: { _all: true } })
  const jobs: { id: string; kind: string; status: string; progress: number; progressDetail: string | null; lastError: string | null; agentId: string | null; createdAt: Date }[] = await prisma.job.findMany({
    where: { accountId: actor.userId, kind: { in: ['shopify-import-catalogue', 'shopify-finish-catalogue-import', 'shopify-import-content'] } },
    orderBy: { createdAt: 'desc' },
    take: 6,
    select: { id: true, kind: true, status: true, progress: true, progressDetail: true, lastError: true, agentId: true, createdAt: true },
  })
  return {
    agents,
    counts: resources.map((row) => ({ agentId: row.agentId, kind: row.kind, count: row._count._all })),
    jobs: jobs.map((job) => ({ ...job, createdAt: job.createdAt.toISOString() })),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, shop } = await authenticateShop(request, context)
  const parsed = ActionSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Invalid request' }
  try {
    if (parsed.data.intent === 'create-agent') {
      await createAgent(context.database, actor, { name: parsed.data.name, visibility: 'private' })
      return { message: 'Agent created' }
    }
    await requireAgentAccess(context.database, actor, parsed.data.agent_id, 'edit')
    const started = await enqueueStoreImport({ database: context.database, queue: context.queue, shopDomain: shop.shopDomain, agentId: parsed.data.agent_id })
    return { message: started.message }
  } catch (error) {
    if (error instanceof AppError) return { error: error.detail }
    throw error
  }
}

const JOB_NAMES: Record<string, string> = { 'shopify-import-catalogue': 'Products export', 'shopify-finish-catalogue-import': 'Products import', 'shopify-import-content': 'Collections, pages, articles and policies' }
const STATUS_TONE: Record<string, 'success' | 'critical' | 'attention' | undefined> = { succeeded: 'success', failed: 'critical', running: 'attention', queued: 'attention' }

export default function KnowledgeScreen() {
  const { agents, counts, jobs } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const [agentId, setAgentId] = useState(agents[0]?.id ?? '')
  const [name, setName] = useState('')
  const busy = navigation.state !== 'idle'
  const countsOf = (id: string) => counts.filter((row) => row.agentId === id)
  return (
    <Page title="Knowledge" subtitle="Your store's products, collections, pages, articles and policies, in an agent's knowledge" backAction={{ content: 'Agents', url: '/app' }}>
      <TitleBar title="Knowledge" />
      <BlockStack gap="400">
        {result && 'error' in result ? <Banner tone="critical">{result.error}</Banner> : null}
        {result && 'message' in result ? <Banner tone="success">{result.message}</Banner> : null}
        {agents.length === 0 ? (
          <Card>
            <Form method="post">
              <FormLayout>
                <Text as="p">Create the agent that will answer your customers, then import your store into its knowledge.</Text>
                <input type="hidden" name="intent" value="create-agent" />
                <TextField label="Agent name" name="name" value={name} onChange={setName} autoComplete="off" />
                <Button submit variant="primary" loading={busy} disabled={!name.trim()}>
                  Create agent
                </Button>
              </FormLayout>
            </Form>
          </Card>
        ) : (
          <Card>
            <Form method="post">
              <FormLayout>
                <input type="hidden" name="intent" value="import" />
                <Select label="Agent" name="agent_id" options={agents.map((agent) => ({ label: agent.name, value: agent.id }))} value={agentId} onChange={setAgentId} />
                <Text as="p" tone="subdued">
                  Products are exported in bulk; collections, pages, blog articles and shop policies follow. Answers about a product link to its page in your store, and changes in your store reach the agent by themselves.
                </Text>
                <Button submit variant="primary" loading={busy}>
                  Import store knowledge
                </Button>
              </FormLayout>
            </Form>
          </Card>
        )}
        {agents.map((agent) => (
          <Card key={agent.id}>
            <BlockStack gap="200">
              <Text as="h2" variant="headingSm">
                {agent.name}
              </Text>
              {countsOf(agent.id).length === 0 ? (
                <Text as="p" tone="subdued">
                  Nothing imported from the store yet.
                </Text>
              ) : (
                <InlineStack gap="200">
                  {countsOf(agent.id).map((row) => (
                    <Badge key={row.kind}>{`${row.count} ${row.kind}${row.count === 1 ? '' : 's'}`}</Badge>
                  ))}
                </InlineStack>
              )}
            </BlockStack>
          </Card>
        ))}
        {jobs.length > 0 ? (
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingSm">
                Latest imports
              </Text>
              {jobs.map((job) => (
                <InlineStack key={job.id} gap="200" blockAlign="center" wrap>
                  <Badge tone={STATUS_TONE[job.status]}>{job.status}</Badge>
                  <Text as="span">{JOB_NAMES[job.kind] ?? job.kind}</Text>
                  <Text as="span" tone="subdued">
                    {job.progressDetail ?? `${job.progress}%`}
                  </Text>
                  {job.lastError ? (
                    <Text as="span" tone="critical">
                      {job.lastError}
                    </Text>
                  ) : null}
                </InlineStack>
              ))}
            </BlockStack>
          </Card>
        ) : null}
      </BlockStack>
    </Page>
  )
}
