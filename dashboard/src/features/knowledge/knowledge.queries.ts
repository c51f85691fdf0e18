// Reading an agent's knowledge: one query factory per list. Keys start with ['agents', agentId, ...] so
// a change that invalidates ['agents'] refreshes these lists and the overview's counts together.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../api/api-client.ts'
import type { KnowledgeJob, KnowledgeKind } from './knowledge.types.ts'
import { agentKnowledgeKey } from '../../shared/query-keys.ts'
import { knowledgeRoutes } from '../../api/routes/knowledge-routes.ts'

/** While a job reads, crawls or embeds, the list is asked again this often; never when nothing runs. */
const PROGRESS_POLL_MS = 2_000
const KNOWLEDGE_PAGE_SIZE = 20

const knowledgeKey = (agentId: string, kind: KnowledgeKind) => [...agentKnowledgeKey(agentId), kind] as const

export interface ListFilter {
  search: string
  page: number
}

export function isJobActive(job: KnowledgeJob | null | undefined): boolean {
  return job?.status === 'queued' || job?.status === 'running'
}

const pollWhileRunning = (items: { job?: KnowledgeJob | null }[] | undefined) =>
  items?.some((item) => isJobActive(item.job)) ? PROGRESS_POLL_MS : false

const listQuery = (filter: ListFilter) => ({
  page: filter.page,
  page_size: KNOWLEDGE_PAGE_SIZE,
  search: filter.search.trim() || undefined,
})

export const documentsQuery = (client: ApiClient, agentId: string, filter: ListFilter) =>
  queryOptions({
    queryKey: [...knowledgeKey(agentId, 'document'), filter],
    queryFn: () => client.call(knowledgeRoutes.documents, { params: { agentId }, query: listQuery(filter) }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => pollWhileRunning(query.state.data?.documents),
  })

export const textsQuery = (client: ApiClient, agentId: string, filter: ListFilter) =>
  queryOptions({
    queryKey: [...knowledgeKey(agentId, 'text'), filter],
    queryFn: () => client.call(knowledgeRoutes.texts, { params: { agentId }, query: listQuery(filter) }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => pollWhileRunning(query.state.data?.texts),
  })

export const websitesQuery = (client: ApiClient, agentId: string, filter: ListFilter) =>
  queryOptions({
    queryKey: [...knowledgeKey(agentId, 'website'), filter],
    queryFn: () => client.call(knowledgeRoutes.websites, { params: { agentId }, query: listQuery(filter) }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => pollWhileRunning(query.state.data?.websites),
  })
