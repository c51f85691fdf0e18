// The embedded Playground: the merchant chats with one of the shop account's agents, as in the
// dashboard's playground, through the same createConversation, listMessages and sendMessage.
import { TitleBar } from '@shopify/app-bridge-react'
import { Banner, BlockStack, Box, Button, Card, FormLayout, InlineStack, Link, Page, Select, Text, TextField } from '@shopify/polaris'
import { useEffect, useState } from 'react'
import { Form, redirect, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { z } from 'zod'
import { requireAgentAccess } from '../../server/agents/require-agent-access.ts'
import { CONVERSATION_MESSAGES, MESSAGE_MAX_CHARACTERS, messageText } from '../../server/conversations/conversations.schemas.ts'
import { createConversation } from '../../server/conversations/create-conversation.ts'
import { listMessages } from '../../server/conversations/list-messages.ts'
import { sendMessage } from '../../server/conversations/send-message.ts'
import { AppError } from '../../server/errors/app-error.ts'
import { APP_HOME } from '../admin-sections.ts'
import { authenticateShop } from '../authenticate-shop.server.ts'
import { sourcesOf } from '../playground-sources.ts'

// The latest messages of the open conversation; older ones stay in the dashboard.
const MESSAGE_LIMIT = 100
const SelectionSchema = z.object({ agent: z.uuid().optional().catch(undefined), conversation: z.uuid().optional().catch(undefined) })
const StartSchema = z.object({ intent: z.literal('start'), agent_id: z.uuid({ error: 'Choose an agent' }) })
const SendSchema = z.object({
  intent: z.literal('send'),
  agent_id: z.uuid({ error: 'Choose an agent' }),
  conversation_id: z.uuid({ error: 'Start a conversation first' }),
  message_text: messageText,
})
const ActionSchema = z.discriminatedUnion('intent', [StartSchema, SendSchema], { error: 'Unknown action' })

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor } = await authenticateShop(request, context)
  const url = new URL(request.url)
  const selection = SelectionSchema.parse({ agent: url.searchParams.get('agent') ?? undefined, conversation: url.searchParams.get('conversation') ?? undefined })
  const agents: { id: string; name: string }[] = await context.database.prisma.agent.findMany({ where: { accountId: actor.userId }, orderBy: { createdAt: 'asc' }, select: { id: true, name: true }, take: 100 })
  const agentId = agents.some((agent) => agent.id === selection.agent) ? (selection.agent ?? null) : null
  if (!agentId || !selection.conversation) return { agents, agentId, conversationId: null, messages: [], notFound: false }
  try {
    const page = await listMessages(context.database, actor, agentId, selection.conversation, { page: 1, limit: MESSAGE_LIMIT })
    const messages = page.data.map((message) => ({ id: message.message_id, sender: message.sender_type, text: message.message_text, failed: message.answer_failed, sources: sourcesOf(message.sources) }))
    return { agents, agentId, conversationId: selection.conversation, messages, notFound: false }
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return { agents, agentId, conversationId: null, messages: [], notFound: true }
    throw error
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await authenticateShop(request, context)
  const parsed = ActionSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Invalid request' }
  try {
    if (parsed.data.intent === 'start') {
      const agent = await requireAgentAccess(context.database, actor, parsed.data.agent_id, 'chat').catch((error: unknown) => {
        throw error instanceof AppError && error.code === 'NOT_FOUND' ? new AppError('NOT_FOUND', CONVERSATION_MESSAGES.agentMissing) : error
      })
      const started = await createConversation(context.database, actor, { name: `Chat with ${agent.name}`.slice(0, 255), agent_id: agent.id })
      return redirect(`${APP_HOME}/playground?${new URLSearchParams({ agent: agent.id, conversation: started.conversation_id }).toString()}`)
    }
    // The same per-user limit as the API's chat calls.
    await context.rateLimits.limitChat(actor.userId)
    await sendMessage(context.chat, actor, parsed.data.agent_id, parsed.data.conversation_id, parsed.data.message_text, {}, request.signal)
    return { sent: true as const }
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    // A failed answer keeps the user's message; the extra says why and that sending again retries.
    const reason = typeof error.extra?.reason_text === 'string' ? ` ${error.extra.reason_text}` : ''
    return { error: `${error.detail}${reason}` }
  }
}

type ShownMessage = Awaited<ReturnType<typeof loader>>['messages'][number]

function MessageBubble({ message }: { message: ShownMessage }) {
  const isUser = message.sender === 'user'
  return (
    <InlineStack align={isUser ? 'end' : 'start'}>
      <Box maxWidth="80%" padding="300" borderRadius="300" background={isUser ? 'bg-fill-info-secondary' : 'bg-surface-secondary'}>
        <BlockStack gap="100">
          <Text as="p" tone={message.failed ? 'critical' : undefined}>
            {message.text}
          </Text>
          {message.failed ? (
            <Text as="p" variant="bodySm" tone="critical">
              Not answered: send it again to retry.
            </Text>
          ) : null}
          {message.sources.length > 0 ? (
            <BlockStack gap="050">
              <Text as="p" variant="bodySm" tone="subdued">
                Sources
              </Text>
              {message.sources.map((source) => (
                <Text key={source.number} as="p" variant="bodySm">
                  {`[${source.number}] `}
                  {source.url ? (
                    <Link url={source.url} target="_blank">
                      {source.title ?? source.url}
                    </Link>
                  ) : (
                    (source.title ?? 'Knowledge source')
                  )}
                </Text>
              ))}
            </BlockStack>
          ) : null}
        </BlockStack>
      </Box>
    </InlineStack>
  )
}

export default function PlaygroundScreen() {
  const { agents, agentId, conversationId, messages, notFound } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const [chosen, setChosen] = useState(agentId ?? agents[0]?.id ?? '')
  const [text, setText] = useState('')
  const busy = navigation.state !== 'idle'
  const sending = busy && navigation.formData?.get('intent') === 'send'
  // The box empties once the message is sent (and kept when sending failed, to retry).
  useEffect(() => {
    if (result && 'sent' in result) setText('')
  }, [result])
  return (
    <Page title="Playground" subtitle="Chat with an agent as your customers will" backAction={{ content: 'Agents', url: '/app' }}>
      <TitleBar title="Playground" />
      <BlockStack gap="400">
        {result && 'error' in result ? <Banner tone="critical">{result.error}</Banner> : null}
        {notFound ? <Banner tone="warning">{CONVERSATION_MESSAGES.notFound}</Banner> : null}
        <Card>
          {agents.length === 0 ? (
            <Text as="p">Create an agent first (Knowledge), then chat with it here.</Text>
          ) : (
            <Form method="post">
              <FormLayout>
                <input type="hidden" name="intent" value="start" />
                <Select label="Agent" name="agent_id" options={agents.map((agent) => ({ label: agent.name, value: agent.id }))} value={chosen} onChange={setChosen} />
                <Button submit loading={busy && !sending}>
                  Start a conversation
                </Button>
              </FormLayout>
            </Form>
          )}
        </Card>
        {agentId && conversationId ? (
          <Card>
            <BlockStack gap="300">
              {messages.map((message) => (
                <MessageBubble key={message.id} message={message} />
              ))}
              <Form method="post">
                <FormLayout>
                  <input type="hidden" name="intent" value="send" />
                  <input type="hidden" name="agent_id" value={agentId} />
                  <input type="hidden" name="conversation_id" value={conversationId} />
                  <TextField label="Message" name="message_text" value={text} onChange={setText} multiline={2} maxLength={MESSAGE_MAX_CHARACTERS} autoComplete="off" />
                  <Button submit variant="primary" loading={sending} disabled={!text.trim()}>
                    Send
                  </Button>
                </FormLayout>
              </Form>
            </BlockStack>
          </Card>
        ) : null}
      </BlockStack>
    </Page>
  )
}
