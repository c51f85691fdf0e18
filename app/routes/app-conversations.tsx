// The embedded Conversations screen: every conversation with the shop account's agents (the dashboard's
// All Agents view, through the same listAllConversations), filtered and searched; one opens read-only.
import { TitleBar } from '@shopify/app-bridge-react'
import { Badge, Banner, BlockStack, Box, Button, Card, InlineStack, Layout, Link, Page, Select, Text, TextField } from '@shopify/polaris'
import { useState } from 'react'
import { Form, useLoaderData, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router'
import { z } from 'zod'
import { CONVERSATION_MESSAGES, ConversationListQuerySchema } from '../../server/conversations/conversations.schemas.ts'
import { listAllConversations } from '../../server/conversations/list-conversations.ts'
import { listMessages } from '../../server/conversations/list-messages.ts'
import { requireConversation } from '../../server/conversations/require-conversation.ts'
import { AppError } from '../../server/errors/app-error.ts'
import { authenticateShop } from '../authenticate-shop.server.ts'
import { sourcesOf } from '../playground-sources.ts'

const LIST_LIMIT = 50
// The latest messages of the open conversation; older ones stay in the dashboard.
const MESSAGE_LIMIT = 100
const FILTERS = [
  { label: 'All', value: 'all' },
  { label: 'Favorites', value: 'favorite' },
  { label: 'Archived', value: 'archived' },
]
const CHANNEL_NAMES: Record<string, string> = { dashboard: 'Dashboard', widget: 'Widget', shopify: 'Shopify' }
const CHANNEL_TONES: Record<string, 'info' | 'success' | undefined> = { widget: 'info', shopify: 'success' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor } = await authenticateShop(request, context)
  const params = new URL(request.url).searchParams
  // A bad filter or search from the address bar falls back to the whole list rather than an error page.
  const listQuery = ConversationListQuerySchema.safeParse({ filter: params.get('filter') ?? undefined, search: params.get('search') || undefined, limit: LIST_LIMIT })
  const query = listQuery.success ? listQuery.data : ConversationListQuerySchema.parse({ limit: LIST_LIMIT })
  const list = await listAllConversations(context.database, actor, query)
  const conversations = list.data.map((conversation) => ({
    id: conversation.id,
    name: conversation.name,
    agentName: conversation.agent_name,
    channel: conversation.channel,
    lastMessage: conversation.last_message,
    timestamp: conversation.timestamp,
    unread: conversation.unread,
    isFavorite: conversation.is_favorite,
  }))
  const selectedId = z.uuid().safeParse(params.get('conversation'))
  if (!selectedId.success) return { filter: query.filter, search: query.search ?? '', total: list.total, conversations, selected: null, notFound: false }
  try {
    const { conversation } = await requireConversation(context.database, actor, null, selectedId.data, 'read')
    const page = await listMessages(context.database, actor, conversation.agentId, conversation.id, { page: 1, limit: MESSAGE_LIMIT })
    const selected = {
      id: conversation.id,
      name: conversation.name,
      agentName: conversation.agent.name,
      channel: conversation.channel,
      messages: page.data.map((message) => ({ id: message.message_id, sender: message.sender_type, text: message.message_text, timestamp: message.timestamp, sources: sourcesOf(message.sources) })),
    }
    return { filter: query.filter, search: query.search ?? '', total: list.total, conversations, selected, notFound: false }
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return { filter: query.filter, search: query.search ?? '', total: list.total, conversations, selected: null, notFound: true }
    throw error
  }
}

type LoadedScreen = Awaited<ReturnType<typeof loader>>

function ChannelBadge({ channel }: { channel: string }) {
  return <Badge tone={CHANNEL_TONES[channel]}>{CHANNEL_NAMES[channel] ?? channel}</Badge>
}

function ConversationTranscript({ conversation }: { conversation: NonNullable<LoadedScreen['selected']> }) {
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h2" variant="headingSm">
            {conversation.name}
          </Text>
          <ChannelBadge channel={conversation.channel} />
          <Text as="span" tone="subdued">
            {conversation.agentName}
          </Text>
        </InlineStack>
        {conversation.messages.map((message) => (
          <InlineStack key={message.id} align={message.sender === 'user' ? 'end' : 'start'}>
            <Box maxWidth="80%" padding="300" borderRadius="300" background={message.sender === 'user' ? 'bg-fill-info-secondary' : 'bg-surface-secondary'}>
              <BlockStack gap="100">
                <Text as="p">{message.text}</Text>
                {message.sources.map((source) => (
                  <Text key={source.number} as="p" variant="bodySm" tone="subdued">
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
                <Text as="p" variant="bodySm" tone="subdued">
                  {new Date(message.timestamp).toLocaleString('en')}
                </Text>
              </BlockStack>
            </Box>
          </InlineStack>
        ))}
      </BlockStack>
    </Card>
  )
}

export default function ConversationsScreen() {
  const { filter, search, total, conversations, selected, notFound } = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const [searchText, setSearchText] = useState(search)
  const [chosenFilter, setChosenFilter] = useState<string>(filter)
  // Opening a conversation keeps the list's filter and search.
  const openLink = (id: string) => {
    const next = new URLSearchParams(searchParams)
    next.set('conversation', id)
    return `?${next.toString()}`
  }
  return (
    <Page title="Conversations" subtitle={`${total} ${total === 1 ? 'conversation' : 'conversations'}`} backAction={{ content: 'Agents', url: '/app' }}>
      <TitleBar title="Conversations" />
      <BlockStack gap="400">
        {notFound ? <Banner tone="warning">{CONVERSATION_MESSAGES.notFound}</Banner> : null}
        <Card>
          <Form method="get">
            <InlineStack gap="300" blockAlign="end">
              <Select label="Show" name="filter" options={FILTERS} value={chosenFilter} onChange={setChosenFilter} />
              <TextField label="Search" name="search" value={searchText} onChange={setSearchText} maxLength={200} autoComplete="off" />
              <Button submit>Apply</Button>
            </InlineStack>
          </Form>
        </Card>
        <Layout>
          <Layout.Section variant="oneThird">
            <Card>
              <BlockStack gap="300">
                {conversations.length === 0 ? (
                  <Text as="p" tone="subdued">
                    No conversations yet.
                  </Text>
                ) : null}
                {conversations.map((conversation) => (
                  <BlockStack key={conversation.id} gap="100">
                    <InlineStack gap="200" blockAlign="center">
                      <Button variant="plain" onClick={() => navigate(openLink(conversation.id))} pressed={selected?.id === conversation.id}>
                        {conversation.name}
                      </Button>
                      <ChannelBadge channel={conversation.channel} />
                      {conversation.unread > 0 ? <Badge tone="attention">{`${conversation.unread} unread`}</Badge> : null}
                    </InlineStack>
                    <Text as="p" variant="bodySm" tone="subdued" truncate>
                      {`${conversation.agentName}: ${conversation.lastMessage}`}
                    </Text>
                  </BlockStack>
                ))}
              </BlockStack>
            </Card>
          </Layout.Section>
          <Layout.Section>
            {selected ? (
              <ConversationTranscript conversation={selected} />
            ) : (
              <Card>
                <Text as="p" tone="subdued">
                  Choose a conversation to read it.
                </Text>
              </Card>
            )}
          </Layout.Section>
        </Layout>
      </BlockStack>
    </Page>
  )
}
