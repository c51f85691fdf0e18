// SPEC section 2, Conversations page: filters and the list on the left (2 of 5), the open conversation
// on the right (3 of 5). The filters and the open conversation live in the address.
import { BlockStack, InlineStack, Page, Spinner, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useApi } from '../../api/api-context.tsx'
import { useDebouncedValue } from '../../app/use-debounced-value.ts'
import { agentChoicesQuery } from '../../features/agents/agents.queries.ts'
import { ConnectionBadge } from '../../features/conversations/connection-badge.tsx'
import type { Conversation, ConversationFilter } from '../../features/conversations/conversation.types.ts'
import { ConversationFilters, type FilterState } from '../../features/conversations/conversation-filters.tsx'
import { ConversationListItem } from '../../features/conversations/conversation-list-item.tsx'
import { useUpdateConversation } from '../../features/conversations/conversation-mutations.ts'
import { ConversationThread } from '../../features/conversations/conversation-thread.tsx'
import { conversationListQuery, conversationQuery } from '../../features/conversations/conversations.queries.ts'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import '../../features/conversations/conversations.css'

export const DELETE_CONVERSATION_CONFIRMATION = 'Are you sure you want to delete this conversation?'

function emptyText(state: FilterState): string {
  if (state.search) return 'No conversations found'
  if (state.filter === 'archived') return 'No archived conversations'
  if (state.filter === 'favorite') return 'No favorite conversations'
  return 'No conversations'
}

export function ConversationsPage() {
  useDocumentTitle('Conversations')
  const client = useApi()
  const [params, setParams] = useSearchParams()
  const state: FilterState = {
    agentId: params.get('agent'),
    filter: (['favorite', 'archived'].includes(params.get('filter') ?? '') ? params.get('filter') : 'all') as ConversationFilter,
    search: params.get('q') ?? '',
  }
  const selectedId = params.get('conversation')
  const search = useDebouncedValue(state.search.trim(), 300)
  const agents = useQuery(agentChoicesQuery(client))
  const list = useQuery(conversationListQuery(client, state.agentId, state.filter, search))
  const update = useUpdateConversation()
  const remove = useUpdateConversation('Failed to delete conversation')
  const conversations = list.data?.data ?? []
  const listed = conversations.find((conversation) => conversation.id === selectedId)
  // The open conversation stays open when a filter or a change (archive, unfavourite) leaves it out of
  // the list; opened from a link, it is read on its own.
  const [kept, setKept] = useState<Conversation | null>(null)
  const alone = useQuery({ ...conversationQuery(client, selectedId ?? ''), enabled: Boolean(selectedId) && !listed && kept?.id !== selectedId })
  useEffect(() => {
    if (listed) setKept(listed)
  }, [listed])
  const selected = listed ?? (kept?.id === selectedId ? kept : alone.data?.id === selectedId ? alone.data : undefined)

  const change = (next: Partial<FilterState> & { conversation?: string | null }) => {
    setParams(
      (previous) => {
        const current = {
          agent: previous.get('agent'),
          filter: previous.get('filter'),
          q: previous.get('q'),
          conversation: previous.get('conversation'),
        }
        if ('agentId' in next) current.agent = next.agentId ?? null
        if ('filter' in next) current.filter = next.filter === 'all' ? null : (next.filter ?? null)
        if ('search' in next) current.q = next.search || null
        if ('conversation' in next) current.conversation = next.conversation ?? null
        return Object.fromEntries(Object.entries(current).filter((entry): entry is [string, string] => Boolean(entry[1])))
      },
      { replace: true },
    )
  }
  const canToggle = Boolean(state.agentId)

  return (
    <Page title="Conversations" subtitle="Every conversation with your agents, in one place." fullWidth>
      <BlockStack gap="300">
        <InlineStack align="end">
          <ConnectionBadge />
        </InlineStack>
        <div className={`conversations-layout${selected ? ' has-selection' : ''}`}>
          <div className="conversations-column conversations-list-column">
            <ConversationFilters state={state} agents={agents.data?.agents ?? []} onChange={change} />
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
                  <ConversationListItem key={conversation.id} conversation={conversation} selected={conversation.id === selectedId} onSelect={() => change({ conversation: conversation.id })} />
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
                canToggle={canToggle}
                onToggleFavorite={() => canToggle && update.mutate({ agentId: selected.agent_id, conversationId: selected.id, changes: { is_favorite: !selected.is_favorite } })}
                onToggleArchive={() => canToggle && update.mutate({ agentId: selected.agent_id, conversationId: selected.id, changes: { is_archived: !selected.is_archived } })}
                onDelete={() => {
                  if (!window.confirm(DELETE_CONVERSATION_CONFIRMATION)) return
                  remove.mutate({ agentId: selected.agent_id, conversationId: selected.id, changes: { is_deleted: true } }, { onSuccess: () => change({ conversation: null }) })
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
    </Page>
  )
}
