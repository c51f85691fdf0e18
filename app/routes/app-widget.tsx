// The embedded Widget screen: choose the agent that answers on the storefront; the app makes its widget
// for the store's domain, writes the key the theme app extension reads, and links to the theme editor
// with the app embed turned on. Choosing another agent for a connected widget raises the admin's save bar.
import { SaveBar, TitleBar } from '@shopify/app-bridge-react'
import { Banner, BlockStack, Button, Card, FormLayout, Page, Select, Text } from '@shopify/polaris'
import { useState } from 'react'
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  useSubmit,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import { ConnectStorefrontWidgetSchema } from '#server/shopify/admin/embedded-actions.schemas.ts'
import { listOwnedAgentNames } from '#server/agents/list-owned-agent-names.ts'
import { AppError } from '#server/errors/app-error.ts'
import { isPlanRefusal } from '#server/billing/plan-refusals.ts'
import { adminClientFromLibrary } from '#server/shopify/admin-api/admin-client-from-library.ts'
import { connectStorefrontWidget } from '#server/shopify/admin/connect-storefront-widget.ts'
import { readStorefrontWidget } from '#server/shopify/admin/read-storefront-widget.ts'
import { authenticateShop } from '../authenticate-shop.server.ts'
import { useActionToast } from '../embedded/use-action-toast.ts'

// The app embed block's file name (extensions/chat-widget/blocks/chat-embed.liquid).
const EMBED_HANDLE = 'chat-embed'

/** The theme editor, on the live theme's app embeds, with this app's chat embed switched on. */
function themeEditorLink(shopDomain: string, apiKey: string): string {
  return `https://${shopDomain}/admin/themes/current/editor?context=apps&activateAppId=${encodeURIComponent(`${apiKey}/${EMBED_HANDLE}`)}`
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, shop } = await authenticateShop(request, context)
  const agents = await listOwnedAgentNames(context.database, actor)
  const widget = await readStorefrontWidget(context.database, shop)
  return { agents, agentId: shop.agentId, ...widget, editorUrl: themeEditorLink(shop.shopDomain, context.apiKey) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor, shop, admin } = await authenticateShop(request, context)
  const parsed = ConnectStorefrontWidgetSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Please select an agent' }
  try {
    await connectStorefrontWidget({
      database: context.database,
      storage: context.storage,
      plans: context.plans,
      actor,
      shop,
      agentId: parsed.data.agent_id,
      client: adminClientFromLibrary(admin),
      serverUrl: context.publicUrl,
    })
    return { message: 'The chat widget is ready: turn the app embed on in your theme.' }
  } catch (error) {
    if (error instanceof AppError) return { error: error.detail, upgrade: isPlanRefusal(error) }
    throw error
  }
}

export default function WidgetScreen() {
  const { agents, agentId, connected, domain, editorUrl } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const submit = useSubmit()
  const saved = agentId ?? agents[0]?.id ?? ''
  const [chosen, setChosen] = useState(saved)
  // After a save the loader's agent is the chosen one, so the form is no longer dirty.
  const [savedBefore, setSavedBefore] = useState(saved)
  if (savedBefore !== saved) {
    setSavedBefore(saved)
    setChosen(saved)
  }
  const isSaving = navigation.state !== 'idle'
  useActionToast(result)
  return (
    <Page title="Chat widget" subtitle={`On ${domain}`} backAction={{ content: 'Agents', url: '/app' }}>
      <TitleBar title="Chat widget" />
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
        <SaveBar id="widget-agent-save-bar" open={connected && chosen !== saved}>
          <button
            variant="primary"
            onClick={() => void submit({ agent_id: chosen }, { method: 'post' })}
            disabled={isSaving}
            loading={isSaving ? '' : undefined}
          >
            Save
          </button>
          <button onClick={() => setChosen(saved)} disabled={isSaving}>
            Discard
          </button>
        </SaveBar>
        <Card>
          {agents.length === 0 ? (
            <Text as="p">Create an agent first (Knowledge), then choose it here.</Text>
          ) : (
            <Form method="post">
              <FormLayout>
                <Select
                  label="Agent that answers on your store"
                  name="agent_id"
                  options={agents.map((agent) => ({ label: agent.name, value: agent.id }))}
                  value={chosen}
                  onChange={setChosen}
                />
                {connected ? null : (
                  <Button submit variant="primary" loading={isSaving}>
                    Set up the chat widget
                  </Button>
                )}
              </FormLayout>
            </Form>
          )}
        </Card>
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingSm">
              Show it on your store
            </Text>
            <Text as="p" tone="subdued">
              The widget is a theme app embed: turn it on in the theme editor, where you can also choose its colour,
              corner, bot name and start message.
            </Text>
            <Button url={editorUrl} external disabled={!connected}>
              Open the theme editor
            </Button>
          </BlockStack>
        </Card>
      </BlockStack>
    </Page>
  )
}
