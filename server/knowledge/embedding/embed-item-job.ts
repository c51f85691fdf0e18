import type { Database } from '../../db/database.ts'
import { z } from 'zod'
import type { JobHandler } from '../../jobs/job-handler.ts'
import { batchHandlerOf, defineJobKind } from '../../jobs/job-kind.ts'
import type { ChunkOptions } from '../indexing/chunk-section.ts'
import type { Embedder } from '../indexing/create-embedder.ts'
import { embedItems } from './embed-items.ts'
import { markKnowledgeItem } from './require-knowledge-item.ts'

/** Chunks and indexes one knowledge item (a text, a document, a website). */
export const EMBED_ITEM = defineJobKind({
  kind: 'embed-item',
  payload: z.object({ type: z.enum(['text', 'document', 'website']), id: z.uuid() }),
  maxAttempts: 5,
})

// An agent's queued embed jobs a worker takes up together (5,000 texts added at once run in batches),
// and how long it lets texts saved one after another gather first (a lone text waits that much longer).
const EMBED_BATCH_JOBS = 250
const EMBED_GATHER_MS = 250

export interface EmbedItemDependencies {
  database: Database
  embedder: Embedder | null
  chunk: ChunkOptions
}

/**
 * The embed job: (re)extract the item's sections, chunk what changed, index it, and mark the item
 * embedded. Each item keeps its own job (status, attempts, error, the one-active rule); a worker runs an
 * agent's queued ones in batches (embedItems), and one item's failure fails only its job.
 */
export function createEmbedItemHandler(dependencies: EmbedItemDependencies): JobHandler {
  const { database, embedder, chunk } = dependencies
  return batchHandlerOf(EMBED_ITEM, {
    maxJobs: EMBED_BATCH_JOBS,
    gatherMs: EMBED_GATHER_MS,
    runBatch: ({ items, reportProgress, signal }) =>
      embedItems(database, { embedder, chunk, items, reportProgress, signal }),
    // A text's status follows its embedding; documents and websites keep the status of their reading.
    async onFinalFailure({ type, id }, reason, writer) {
      if (type === 'text')
        await markKnowledgeItem({ prisma: writer }, { type, id, data: { status: 'failed', statusError: reason } })
    },
  })
}
