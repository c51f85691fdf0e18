// Conversation reads (SPEC sections 7 and 8): a list that is empty rather than failing on a 404 and is
// retried up to 3 times otherwise; messages retried twice except on a 404.
import { infiniteQueryOptions, keepPreviousData, queryOptions, type InfiniteData } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client.ts'
import { ApiError } from '../../api/api-error.ts'
import type { ConversationFilter, Message, MessagePage } from './conversation.types.ts'
import { conversationRoutes } from '../../api/routes/conversation-routes.ts'

export const CONVERSATIONS_KEY = ['conversations'] as const
const CONVERSATION_PAGE_LIMIT = 50
const MESSAGE_PAGE_LIMIT = 30
/** SPEC section 9: activity is re-checked every 300000 ms (and on window focus). */
const ACTIVITY_CHECK_MS = 300_000

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404

export const conversationListQuery = (
  client: ApiClient,
  agentId: string | null,
  filter: ConversationFilter,
  search: string,
) =>
  queryOptions({
    queryKey: [...CONVERSATIONS_KEY, 'list', agentId ?? 'all', filter, search],
    queryFn: async () => {
      try {
        const query = { filter, search: search || undefined, page: 1, limit: CONVERSATION_PAGE_LIMIT }
        return agentId
          ? await client.call(conversationRoutes.ofAgent, { params: { agentId }, query })
          : await client.call(conversationRoutes.all, { query })
      } catch (error) {
        if (isNotFound(error)) return { data: [], total: 0, page: 1, limit: CONVERSATION_PAGE_LIMIT, total_pages: 0 }
        throw error
      }
    },
    retry: (failures, error) => !isNotFound(error) && failures < 3,
    staleTime: 10_000,
    // The list on screen stays while another filter's list loads, and so does the open conversation.
    placeholderData: keepPreviousData,
  })

export const conversationQuery = (client: ApiClient, conversationId: string) =>
  queryOptions({
    queryKey: [...CONVERSATIONS_KEY, 'one', conversationId],
    queryFn: () => client.call(conversationRoutes.read, { params: { conversationId } }),
    retry: (failures, error) => !isNotFound(error) && failures < 2,
  })

export type MessagePages = InfiniteData<MessagePage, unknown>

/** Page 1 holds the latest 30 messages; "Load earlier messages" asks for pages 2, 3… (each oldest first). */
export const messagesQuery = (client: ApiClient, agentId: string, conversationId: string) =>
  infiniteQueryOptions({
    queryKey: [...CONVERSATIONS_KEY, 'messages', conversationId],
    queryFn: ({ pageParam }) =>
      client.call(conversationRoutes.messages, {
        params: { agentId, conversationId },
        query: { page: pageParam, limit: MESSAGE_PAGE_LIMIT },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.total_pages ? last.page + 1 : undefined),
    retry: (failures, error) => !isNotFound(error) && failures < 2,
    staleTime: 5_000,
  })

/** Every loaded message, oldest first. */
export function messagesInOrder(pages: MessagePages | undefined): Message[] {
  return [...(pages?.pages ?? [])].reverse().flatMap((page) => page.data)
}

/** The pages with messages added to the latest page (or replacing the same ids). */
export function withLatestMessages(pages: MessagePages | undefined, added: Message[]): MessagePages {
  const ids = new Set(added.map((message) => message.message_id))
  const [latest, ...older] = pages?.pages ?? []
  const first = latest ?? { data: [], total: 0, page: 1, limit: MESSAGE_PAGE_LIMIT, total_pages: 1 }
  return {
    pageParams: pages?.pageParams ?? [1],
    pages: [{ ...first, data: [...first.data.filter((message) => !ids.has(message.message_id)), ...added] }, ...older],
  }
}

export const activityQuery = (client: ApiClient, agentId: string, conversationId: string) =>
  queryOptions({
    queryKey: [...CONVERSATIONS_KEY, 'activity', conversationId],
    queryFn: () => client.call(conversationRoutes.activity, { params: { agentId, conversationId } }),
    refetchInterval: ACTIVITY_CHECK_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  })
