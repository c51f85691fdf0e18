// The actions every knowledge item offers (SPEC sections 2, 4, 7 and 8): embed (not twice), delete,
// embed all that wait, remove from the index, download a document, crawl a website again, and Retry for a failed one.
import type { DownloadLink } from '#server/knowledge/knowledge.schemas.ts'
import { ApiError } from '../../api/api-error.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { useAgentCan } from '../agents/agent-access.tsx'
import { AGENTS_KEY } from '../agents/agents.queries.ts'
import { KNOWLEDGE_TIMEOUT_MS } from './knowledge-timeout.ts'
import type { KnowledgeRow } from './knowledge-rows.ts'
import type { KnowledgeKind } from './knowledge.types.ts'
import { knowledgeRoutes } from '../../api/routes/knowledge-routes.ts'

// Every change also moves the agent's counts on the overview, so all of ['agents'] is refreshed.
const invalidates = [AGENTS_KEY]
const ALREADY_EMBEDDED = 'Already embedded'

/** Opens the link as a download; an <a> click is not a popup, so no blocker stops it after the wait. */
function openDownload(url: string) {
  const link = document.createElement('a')
  link.href = url
  link.rel = 'noopener'
  link.download = ''
  document.body.append(link)
  link.click()
  link.remove()
}

export function useKnowledgeActions(agentId: string) {
  const toaster = useToast()
  const canEdit = useAgentCan(agentId, 'edit')
  const alreadyEmbedded = (row: KnowledgeRow) =>
    toaster.info(
      ALREADY_EMBEDDED,
      `${row.name} is already in the agent's knowledge. Remove it from the index to embed it again.`,
    )
  const embed = useApiMutation<KnowledgeRow, { message?: string; isAlreadyEmbedded?: boolean }>({
    // A row read before another tab (or the automatic training) embedded the item: the server's SPEC answer
    // is shown as such, and the list read again.
    run: (client, row) =>
      client
        .call(knowledgeRoutes.embed, {
          params: { agentId, objectType: row.kind, objectId: row.id },
          body: { object_name: row.name },
          timeoutMs: KNOWLEDGE_TIMEOUT_MS,
        })
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 409 && error.message === ALREADY_EMBEDDED)
            return { isAlreadyEmbedded: true }
          throw error
        }),
    errorTitle: 'Embed failed',
    successToast: false,
    invalidates,
    onSuccess: (answer, row) => {
      if (answer.isAlreadyEmbedded) alreadyEmbedded(row)
      else toaster.success('Success', answer.message ?? 'Embedding started')
    },
  })
  // The server's answer ("Embedding 3 texts") is the success toast.
  const embedAll = useApiMutation<KnowledgeKind>({
    run: (client, kind) =>
      client.call(knowledgeRoutes.embedAll, {
        params: { agentId, objectType: kind },
        timeoutMs: KNOWLEDGE_TIMEOUT_MS,
      }),
    errorTitle: 'Embed failed',
    invalidates,
  })
  const remove = useApiMutation<KnowledgeRow>({
    run: (client, row) => client.call(knowledgeRoutes.deleteItem[row.kind], { params: { agentId, itemId: row.id } }),
    errorTitle: 'Delete failed',
    invalidates,
  })
  const removeFromIndex = useApiMutation<KnowledgeRow>({
    run: (client, row) =>
      client.call(knowledgeRoutes.deleteEmbeddings, { params: { agentId, objectType: row.kind, objectId: row.id } }),
    errorTitle: 'Delete failed',
    invalidates,
  })
  const recrawl = useApiMutation<KnowledgeRow>({
    run: (client, row) => client.call(knowledgeRoutes.crawlWebsite, { params: { agentId, itemId: row.id } }),
    errorTitle: 'Re-crawl failed',
    invalidates,
  })
  const download = useApiMutation<KnowledgeRow, DownloadLink>({
    run: (client, row) => client.call(knowledgeRoutes.documentDownloadLink, { params: { agentId, itemId: row.id } }),
    errorTitle: 'Failed to download document',
    successToast: false,
    onSuccess: (answer) => {
      if (answer.url) openDownload(answer.url)
      else toaster.error('Failed to download document', 'The server did not return a download link.')
    },
  })

  const pendingOf = (mutation: { isPending: boolean; variables?: KnowledgeRow }) =>
    mutation.isPending ? mutation.variables?.id : undefined

  function embedOnce(row: KnowledgeRow) {
    // SPEC section 4: an embedded item cannot be embedded again.
    if (row.embedded) alreadyEmbedded(row)
    else embed.mutate(row)
  }

  return {
    /** Whether the caller may add, change, embed and delete the agent's knowledge (docs/permissions.md). */
    canEdit,
    embed: embedOnce,
    embedAll: (kind: KnowledgeKind) => embedAll.mutate(kind),
    retry: (row: KnowledgeRow) => (row.retry === 'crawl' ? recrawl.mutate(row) : embedOnce(row)),
    remove: (row: KnowledgeRow, options?: { onSuccess?(): void }) => remove.mutate(row, options),
    removeFromIndex: (row: KnowledgeRow) => removeFromIndex.mutate(row),
    recrawl: (row: KnowledgeRow) => recrawl.mutate(row),
    download: (row: KnowledgeRow) => download.mutate(row),
    /** The id of the item each action is busy with, to show a spinner on the right button. */
    busy: {
      embed: pendingOf(embed),
      embedAll: embedAll.isPending,
      remove: pendingOf(remove),
      removeFromIndex: pendingOf(removeFromIndex),
      recrawl: pendingOf(recrawl),
      download: pendingOf(download),
    },
  }
}

export type KnowledgeActions = ReturnType<typeof useKnowledgeActions>
