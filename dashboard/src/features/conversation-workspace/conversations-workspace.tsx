// SPEC section 2, Conversations page, inside its frame: filters and the list on the left (2 of 5), the
// open conversation on the right (3 of 5). The filters and the open conversation live in the address.
// The dashboard's page and the embedded Shopify admin's screen both show it.
import { BlockStack, InlineStack, Spinner, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useApi } from '../../api/api-context.tsx'
import { useAddressText } from '../../app/use-address-text.ts'
import { agentCan } from '../agents/agent-access.tsx'
import { agentChoicesQuery } from '../agents/agents.queries.ts'
import { ConnectionBadge } from './connection-badge.tsx'
import type { Conversation, ConversationFilter } from '../conversations/conversation.types.ts'
import { ConversationFilters, type FilterState } from './conversation-filters.tsx'
import { ConversationListItem } from './conversation-list-item.tsx'
import { useUpdateConversation, type ConversationChanges } from '../conversations/conversation-mutations.ts'
import { ConversationThread } from './conversation-thread.tsx'
import { conversationListQuery, conversationQuery } from '../conversations/conversations.queries.ts'
import './conversations.css'

const DELETE_CONVERSATION_CONFIRMATION = 'Are you sure you want to delete this conversation?'

function emptyText(state: FilterState): string {
  if (state.search) return 'No conversations found'
  if (state.filter === 'archived') return 'No archived conversations'
  if (state.filter === 'favorite') return 'No favorite conversations'
  return 'No conversations'
}

export function ConversationsWorkspace() {
  const client = useApi()
  const [params, setParams] = useSearchParams()
  // The search box shows every key at once; the address (and the server's search) follow once typing pauses.
  const searchText = useAddressText(params.get('q') ?? '', (search) => change({ search }))
  const state: FilterState = {
    agentId: params.get('agent'),
    filter: (['favorite', 'archived'].includes(params.get('filter') ?? '')
      ? params.get('filter')
      : 'all') as ConversationFilter,
    search: searchText.typed,
  }
  const selectedId = params.get('conversation')
  const search = searchText.settled.trim()
  const agents = useQuery(agentChoicesQuery(client))
  const list = useQuery(conversationListQuery(client, state.agentId, state.filter, search))
  const update = useUpdateConversation()
  const remove = useUpdateConversation('Failed to delete conversation')
  const conversations = list.data?.data ?? []
  const listed = conversations.find((conversation) => conversation.id === selectedId)
  // The open conversation stays open when a filter or a change (archive, unfavourite) leaves it out of
  // the list; opened from a link, it is read on its own.
  const [kept, setKept] = useState<Conversation | null>(null)
  const alone = useQuery({
    ...conversationQuery(client, selectedId ?? ''),
    enabled: Boolean(selectedId) && !listed && kept?.id !== selectedId,
  })
  useEffect(() => {
    if (listed) setKept(listed)
  }, [listed])
  const selected = listed ?? (kept?.id === selectedId ? kept : alone.data?.id === selectedId ? alone.data : undefined)

  // Other parameters of the address stay (the Shopify admin's shop, host and session token among them).
  function change(next: Partial<FilterState> & { conversation?: string | null }) {
    setParams(
      (previous) => {
        const params = new URLSearchParams(previous)
        const put = (key: string, value: string | null | undefined) =>
          value ? params.set(key, value) : params.delete(key)
        if ('agentId' in next) put('agent', next.agentId)
        if ('filter' in next) put('filter', next.filter === 'all' ? null : next.filter)
        if ('search' in next) put('q', next.search)
        if ('conversation' in next) put('conversation', next.conversation)
        return params
      },
      { replace: true },
    )
  }
  const changeFilters = (next: Partial<FilterState>) => {
    const { search: text, ...rest } = next
    // Typing waits for a pause; emptying the box (its clear button, the chip) is at once.
    if (text) searchText.setTyped(text)
    else if (text !== undefined) searchText.replace('')
    if (Object.keys(rest).length) change(rest)
  }
  // The open conversation shows its new flags at once, also once the change has taken it out of the list.
  const flag = (conversation: Conversation, changes: Pick<ConversationChanges, 'is_favorite' | 'is_archived'>) =>
    update.mutate(
      { agentId: conversation.agent_id, conversationId: conversation.id, changes },
      {
        onSuccess: () => setKept((current) => (current?.id === conversation.id ? { ...current, ...changes } : current)),
      },
    )
  // Favourite, archive and delete change the conversation of its own agent (the path names the
  // conversation's agent, not the filter's), so they work with All Agents too; a viewer of that agent
  // reads it only (docs/permissions.md, chat).
  const canChange = agentCan(
    agents.data?.agents.find((agent) => agent.agent_id === selected?.agent_id),
    'chat',
  )

  return (
    <BlockStack gap="300">
      <InlineStack align="end">
        <ConnectionBadge />
      </InlineStack>
      <div className={`conversations-layout${selected ? ' has-selection' : ''}`}>
        <div className="conversations-column conversations-list-column">
          <ConversationFilters state={state} agents={agents.data?.agents ?? []} onChange={changeFilters} />
          {list.isPending ? (
            <div className="conversation-list__empty" role="status">
              <Spinner size="small" accessibilityLabel="Loading conversations" />
            </div>
          ) : conversations.length === 0 ? (
            <div className="conversation-list__empty">
              <Text as="p" tone="subdued">
                {list.isError ? 'Unable to load conversations' : emptyText(state)}
              </Text>
            </div>
          ) : (
            <ul className="conversation-list" aria-label="Conversations">
              {conversations.map((conversation) => (
                <ConversationListItem
                  key={conversation.id}
                  conversation={conversation}
                  selected={conversation.id === selectedId}
                  onSelect={() => change({ conversation: conversation.id })}
                />
              ))}
            </ul>
          )}
        </div>
        <div className="conversations-column conversations-detail">
          {selected ? (
            <ConversationThread
              key={selected.id}
              conversation={selected}
              onBack={() => change({ conversation: null })}
              canChange={canChange}
              onToggleFavorite={() => flag(selected, { is_favorite: !selected.is_favorite })}
              onToggleArchive={() => flag(selected, { is_archived: !selected.is_archived })}
              onDelete={() => {
                if (!window.confirm(DELETE_CONVERSATION_CONFIRMATION)) return
                remove.mutate(
                  { agentId: selected.agent_id, conversationId: selected.id, changes: { is_deleted: true } },
                  { onSuccess: () => change({ conversation: null }) },
                )
              }}
            />
          ) : (
            <div className="conversations-select">
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  Select a Conversation
                </Text>
                <Text as="p" tone="subdued">
                  Choose a conversation on the left to read it.
                </Text>
              </BlockStack>
            </div>
          )}
        </div>
      </div>
    </BlockStack>
  )
}
