// The embedded Knowledge screen, for one agent at a time: the store's catalogue and content imported into
// its knowledge (products through a bulk operation; collections, pages, articles and policies), kept in
// sync by webhooks, each import a durable job whose progress shows here; and the dashboard's own
// Documents, Texts and Websites tabs. The agent and the tab are kept in the address (?agent=, ?tab=).
import { TitleBar } from '@shopify/app-bridge-react'
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  FormLayout,
  InlineStack,
  Page,
  Select,
  Tabs,
  Text,
  TextField,
} from '@shopify/polaris'
import { useEffect, useState } from 'react'
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  useRevalidator,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import { KnowledgeActionSchema } from '#server/shopify/admin/embedded-actions.schemas.ts'
import { listOwnedAgentNames } from '#server/agents/list-owned-agent-names.ts'
import { createAgent } from '#server/agents/create-agent.ts'
import { requireAgentAccess } from '#server/agents/require-agent-access.ts'
import { AppError } from '#server/errors/app-error.ts'
import { isPlanRefusal } from '#server/billing/plan-refusals.ts'
import { readStoreImports } from '#server/shopify/admin/read-store-imports.ts'
import { enqueueStoreImport } from '#server/shopify/jobs/enqueue-store-import.ts'
import { DocumentsTab } from '#dashboard/features/knowledge/documents-tab.tsx'
import { TextsTab } from '#dashboard/features/knowledge/texts-tab.tsx'
import { WebsitesTab } from '#dashboard/features/knowledge/websites-tab.tsx'
import { authenticateShop } from '../authenticate-shop.server.ts'
import { chosenAgentId } from '../embedded/chosen-agent.ts'
import { ClientOnly } from '../embedded/client-only.tsx'
import { revalidateOnPathChange } from '../embedded/revalidate-on-path-change.ts'
import { useActionToast } from '../embedded/use-action-toast.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, shop } = await authenticateShop(request, context)
  const agents = await listOwnedAgentNames(context.database, actor)
  const agentId = chosenAgentId(agents, new URL(request.url).searchParams)
  const imports = agentId
    ? await readStoreImports(context.database, { accountId: actor.userId, shopId: shop.id, agentId })
    : { counts: [], jobs: [] }
  return { agents, agentId, ...imports }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, shop } = await authenticateShop(request, context)
  const parsed = KnowledgeActionSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Invalid request' }
  try {
    if (parsed.data.intent === 'create-agent') {
      await createAgent({ database: context.database, plans: context.plans }, actor, {
        name: parsed.data.name,
        visibility: 'private',
      })
      return { message: 'Agent created' }
    }
    await requireAgentAccess(context.database, { actor, agentId: parsed.data.agent_id, need: 'edit' })
    await enqueueStoreImport({
      database: context.database,
      queue: context.queue,
      shopDomain: shop.shopDomain,
      agentId: parsed.data.agent_id,
    })
    return { message: 'Store import started' }
  } catch (error) {
    if (error instanceof AppError) return { error: error.detail, upgrade: isPlanRefusal(error) }
    throw error
  }
}

const JOB_NAMES: Record<string, string> = {
  'shopify-import-catalogue': 'Products export',
  'shopify-finish-catalogue-import': 'Products import',
  'shopify-import-content': 'Collections, pages, articles and policies',
}
const STATUS_TONE: Record<string, 'success' | 'critical' | 'attention' | undefined> = {
  succeeded: 'success',
  failed: 'critical',
  running: 'attention',
  queued: 'attention',
}

type KnowledgeData = Awaited<ReturnType<typeof loader>>

// How often an import's progress is read again while one runs.
const PROGRESS_POLL_MS = 2_000

/** Reads the loader again every 2 s while an import is queued or running, so its progress moves on screen. */
function useImportProgress(jobs: KnowledgeData['jobs']) {
  const { revalidate } = useRevalidator()
  const isImporting = jobs.some((job) => job.status === 'queued' || job.status === 'running')
  useEffect(() => {
    if (!isImporting) return
    const timer = setInterval(() => void revalidate(), PROGRESS_POLL_MS)
    return () => clearInterval(timer)
  }, [isImporting, revalidate])
}

const TABS = [
  { key: 'store', id: 'knowledge-tab-store', content: 'Store catalogue', panelID: 'knowledge-panel-store' },
  { key: 'documents', id: 'knowledge-tab-documents', content: 'Documents', panelID: 'knowledge-panel-documents' },
  { key: 'texts', id: 'knowledge-tab-texts', content: 'Texts', panelID: 'knowledge-panel-texts' },
  { key: 'websites', id: 'knowledge-tab-websites', content: 'Websites', panelID: 'knowledge-panel-websites' },
]

function CreateFirstAgent({ busy }: { busy: boolean }) {
  const [name, setName] = useState('')
  return (
    <Card>
      <Form method="post">
        <FormLayout>
          <Text as="p">
            Create the agent that will answer your customers, then import your store into its knowledge.
          </Text>
          <input type="hidden" name="intent" value="create-agent" />
          <TextField label="Agent name" name="name" value={name} onChange={setName} autoComplete="off" />
          <Button submit variant="primary" loading={busy} disabled={!name.trim()}>
            Create agent
          </Button>
        </FormLayout>
      </Form>
    </Card>
  )
}

function StoreCatalogue({
  agentId,
  counts: imported,
  jobs,
  busy,
}: {
  agentId: string
  counts: KnowledgeData['counts']
  jobs: KnowledgeData['jobs']
  busy: boolean
}) {
  useImportProgress(jobs)
  return (
    <BlockStack gap="400">
      <Card>
        <Form method="post">
          <FormLayout>
            <input type="hidden" name="intent" value="import" />
            <input type="hidden" name="agent_id" value={agentId} />
            <Text as="p" tone="subdued">
              Products are exported in bulk; collections, pages, blog articles and shop policies follow. Answers about a
              product link to its page in your store, and changes in your store reach the agent by themselves.
            </Text>
            {imported.length === 0 ? (
              <Text as="p">Nothing imported from the store yet.</Text>
            ) : (
              <InlineStack gap="200">
                {imported.map((row) => (
                  <Badge key={row.kind}>{`${row.count} ${row.kind}${row.count === 1 ? '' : 's'}`}</Badge>
                ))}
              </InlineStack>
            )}
            <Button submit variant="primary" loading={busy}>
              Import store knowledge
            </Button>
          </FormLayout>
        </Form>
      </Card>
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
  )
}

function AgentKnowledgeTab({ tab, agentId }: { tab: string; agentId: string }) {
  if (tab === 'documents') return <DocumentsTab agentId={agentId} />
  if (tab === 'texts') return <TextsTab agentId={agentId} />
  return <WebsitesTab agentId={agentId} />
}

// The loader reads the chosen agent's imports; a new tab alone does not call it again.
export const shouldRevalidate = revalidateOnPathChange('agent')

export default function KnowledgeScreen() {
  const { agents, agentId, counts, jobs } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const [search, setSearch] = useSearchParams()
  const busy = navigation.state !== 'idle'
  useActionToast(result)
  const selected = Math.max(
    0,
    TABS.findIndex((tab) => tab.key === search.get('tab')),
  )
  const choose = (changes: Record<string, string>) =>
    setSearch((current) => ({ ...Object.fromEntries(current), ...changes }), { replace: true })
  return (
    <Page
      title="Knowledge"
      subtitle="What your agents know: your store, documents, texts and websites"
      backAction={{ content: 'Agents', url: '/app' }}
    >
      <TitleBar title="Knowledge" />
      <BlockStack gap="400">
        {result && 'error' in result ? (
          <Banner
            tone="critical"
            action={
              'upgrade' in result && result.upgrade ? { content: 'Upgrade Plan', url: '/app/payment' } : undefined
            }
          >
            {result.error}
          </Banner>
        ) : null}
        {agents.length === 0 ? (
          <CreateFirstAgent busy={busy} />
        ) : (
          <>
            <Card>
              <Select
                label="Agent"
                options={agents.map((agent) => ({ label: agent.name, value: agent.id }))}
                value={agentId}
                onChange={(agent) => choose({ agent })}
              />
            </Card>
            <Tabs tabs={TABS} selected={selected} onSelect={(index) => choose({ tab: TABS[index]?.key ?? 'store' })}>
              <div className="embedded-tab">
                {selected === 0 ? (
                  <StoreCatalogue agentId={agentId} counts={counts} jobs={jobs} busy={busy} />
                ) : (
                  <ClientOnly>
                    <AgentKnowledgeTab key={agentId} tab={TABS[selected]?.key ?? ''} agentId={agentId} />
                  </ClientOnly>
                )}
              </div>
            </Tabs>
          </>
        )}
      </BlockStack>
    </Page>
  )
}
