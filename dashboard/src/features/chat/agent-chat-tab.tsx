// The agent's Chat tab (SPEC section 2): Start Conversation first, then a 600 px chat panel with New
// Chat. The open conversation is kept in the address (?tab=chat&conversation=ID), so a reload, a new
// browser tab or a shared link opens it, and remembered per agent for the next visit; its first
// message names it.
import { BlockStack, Button, InlineStack, Select, Text } from '@shopify/polaris'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { useApi } from '../../api/api-context.tsx'
import { ApiError } from '../../api/api-error.ts'
import { ACCESS_NOTES, agentCan } from '../agents/agent-access.tsx'
import type { Agent } from '../agents/agent.types.ts'
import { useStartConversation, useUpdateConversation } from '../conversations/conversation-mutations.ts'
import type { StartedConversation } from '../conversations/conversation.types.ts'
import {
  activityQuery,
  conversationListQuery,
  messagesInOrder,
  messagesQuery,
  withLatestMessages,
  type MessagePages,
} from '../conversations/conversations.queries.ts'
import { formatTime24 } from '../../shared/format/format-dates.ts'
import { NoAiModelNotice } from './no-ai-model-notice.tsx'
import { ChatPanel } from './chat-panel.tsx'
import { useChatSender } from './use-chat-sender.ts'
import { EmptyCard } from '../../feedback/empty-card.tsx'

const CHAT_PANEL_HEIGHT = 600
/** The model an answer names when the offline answerer wrote it (OFFLINE_MODEL, server/chat/answering/answer-question.ts). */
const OFFLINE_ANSWERER = 'offline-extractive'
const storageKey = (agentId: string) => `chat_conversation_${agentId}`

export function AgentChatTab({ agent }: { agent: Agent }) {
  const client = useApi()
  const queryClient = useQueryClient()
  const [search, setSearch] = useSearchParams()
  const conversationId = search.get('conversation') ?? localStorage.getItem(storageKey(agent.agent_id))
  const conversations = useQuery(conversationListQuery(client, agent.agent_id, 'all', ''))
  const activity = useQuery({
    ...activityQuery(client, agent.agent_id, conversationId ?? ''),
    enabled: Boolean(conversationId),
  })
  const rename = useUpdateConversation()
  const choose = useCallback(
    (id: string | null) => {
      if (id) localStorage.setItem(storageKey(agent.agent_id), id)
      else localStorage.removeItem(storageKey(agent.agent_id))
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous)
          if (id) next.set('conversation', id)
          else next.delete('conversation')
          return next
        },
        { replace: true },
      )
    },
    [agent.agent_id, setSearch],
  )
  const start = useStartConversation((started: StartedConversation) => {
    if (started.ai_message)
      queryClient.setQueryData<MessagePages>(
        messagesQuery(client, agent.agent_id, started.conversation_id).queryKey,
        withLatestMessages(undefined, [started.ai_message]),
      )
    choose(started.conversation_id)
  })
  const nameAfterFirstMessage = useCallback(
    (text: string) => {
      if (conversationId)
        rename.mutate({ agentId: agent.agent_id, conversationId, changes: { name: `Chat: ${text.slice(0, 50)}` } })
    },
    [agent.agent_id, conversationId, rename],
  )
  const sender = useChatSender(agent.agent_id, conversationId, nameAfterFirstMessage)
  const startNew = () => start.mutate({ agentId: agent.agent_id, name: `Chat with ${agent.name}` })
  const known = conversations.data?.data ?? []
  // A remembered conversation that was deleted elsewhere is forgotten.
  const messages = useInfiniteQuery({
    ...messagesQuery(client, agent.agent_id, conversationId ?? ''),
    enabled: Boolean(conversationId),
  })
  useEffect(() => {
    if (messages.error instanceof ApiError && messages.error.status === 404) choose(null)
  }, [messages.error, choose])
  // A conversation remembered from an earlier visit goes into the address too, so a copied link opens it.
  const inAddress = search.get('conversation')
  useEffect(() => {
    if (conversationId && !inAddress) choose(conversationId)
  }, [conversationId, inAddress, choose])

  // A viewer reads the team's chats with the agent but starts and writes none (docs/permissions.md).
  const canChat = agentCan(agent, 'chat')
  if (!conversationId) {
    return canChat ? (
      <EmptyCard
        heading="Start a conversation"
        action={{ content: 'Start Conversation', onAction: startNew, loading: start.isPending }}
      >
        Ask {agent.name} a question and see how it answers from its knowledge.
      </EmptyCard>
    ) : (
      <EmptyCard heading="Start a conversation">{ACCESS_NOTES.chat}</EmptyCard>
    )
  }

  const status =
    activity.isPending || activity.isFetching ? 'Checking...' : activity.data?.is_active ? 'Active' : 'Inactive'
  const header = (
    <>
      <BlockStack gap="050">
        <Text as="h2" variant="headingMd">
          {agent.name}
        </Text>
        <Text
          as="span"
          variant="bodySm"
          tone={sender.isSending ? 'magic' : status === 'Active' ? 'success' : 'subdued'}
        >
          {sender.isSending ? 'Typing...' : status}
        </Text>
      </BlockStack>
      <InlineStack gap="200" blockAlign="center">
        {known.length > 1 ? (
          <div className="chat-picker">
            <Select
              label="Conversation"
              labelHidden
              options={known.map((item) => ({ label: item.name, value: item.id }))}
              value={conversationId}
              onChange={choose}
            />
          </div>
        ) : null}
        {canChat ? (
          <Button onClick={startNew} loading={start.isPending} disabled={sender.isSending}>
            New Chat
          </Button>
        ) : null}
      </InlineStack>
    </>
  )
  // The latest answer came from the offline answerer: said once, here, to the team (never in the answer).
  const latestAnswer = messagesInOrder(messages.data).findLast(
    (message) => message.sender_type === 'ai' && message.usage,
  )
  const offline = latestAnswer?.usage?.model === OFFLINE_ANSWERER
  return (
    <BlockStack gap="300">
      {offline ? <NoAiModelNotice /> : null}
      <ChatPanel
        agentId={agent.agent_id}
        agentName={agent.name}
        conversationId={conversationId}
        sender={sender}
        header={header}
        formatTime={formatTime24}
        canWrite={canChat}
        readOnlyReason={ACCESS_NOTES.chat}
        emptyTitle="Start Your Conversation"
        height={CHAT_PANEL_HEIGHT}
      />
    </BlockStack>
  )
}
