import type { Database } from '../../db/database.ts'
import { z } from 'zod'
import { PermanentJobError, type JobHandler } from '../../jobs/job-handler.ts'
import { defineJobKind, handlerOf } from '../../jobs/job-kind.ts'
import type { ChunkOptions } from '../indexing/chunk-section.ts'
import type { Embedder } from '../indexing/create-embedder.ts'
import { indexSections } from '../indexing/index-sections.ts'
import { itemFilter, type ExtractedSection, type KnowledgeItemType } from '../indexing/knowledge-item.ts'
import { replaceSections, sectionsWithoutChunks } from '../indexing/replace-sections.ts'
import { findKnowledgeItem, markKnowledgeItem } from './require-knowledge-item.ts'

/** Chunks and indexes one knowledge item (a text, a document, a website). */
export const EMBED_ITEM = defineJobKind({
  kind: 'embed-item',
  payload: z.object({ type: z.enum(['text', 'document', 'website']), id: z.uuid() }),
  maxAttempts: 5,
})

export interface EmbedItemDependencies {
  database: Database
  embedder: Embedder | null
  chunk: ChunkOptions
}

// A text's one section is its words; documents and websites have theirs written by their extract job
// and crawl, which must have succeeded first.
async function currentSections(
  database: Database,
  type: KnowledgeItemType,
  id: string,
): Promise<ExtractedSection[] | null> {
  if (type === 'text') {
    const text = await database.prisma.text.findUniqueOrThrow({ where: { id } })
    // A text standing for a page (a store product) carries its URL, which its passages cite.
    return [{ title: text.title, content: text.content, sourceUrl: text.sourceUrl ?? undefined }]
  }
  if (type === 'document') {
    const document = await database.prisma.document.findUniqueOrThrow({ where: { id } })
    if (document.status === 'failed')
      throw new PermanentJobError(document.statusError ?? 'The document could not be read.')
    if (document.status !== 'ready') throw new Error('The document is still being read; embedding will retry shortly.')
  }
  return null
}

/** The embed job: (re)extract the item's sections, chunk what changed, index it, and mark the item embedded. */
export function createEmbedItemHandler(dependencies: EmbedItemDependencies): JobHandler {
  const { database } = dependencies
  return handlerOf(EMBED_ITEM, {
    async run({ job, payload: { type, id }, reportProgress, signal }) {
      const item = await findKnowledgeItem(database, type, id)
      if (!item) throw new PermanentJobError('The item was deleted before it could be embedded.')
      await reportProgress(5, 'Reading the content')
      const sections = await currentSections(database, type, id)
      if (sections) await replaceSections(database, item, sections)
      // Every section without chunks: new or changed ones, and those whose chunks were deleted or never
      // finished (delete-embeddings, an interrupted run), so embedding always leaves the item complete.
      const sectionIds = await sectionsWithoutChunks(database, type, id)
      if (type !== 'text' && (await database.prisma.knowledgeSection.count({ where: itemFilter(type, id) })) === 0) {
        throw new PermanentJobError(
          type === 'website'
            ? 'The website has no crawled content yet: wait for its crawl to finish, or crawl it again.'
            : 'The document has no text.',
        )
      }
      const chunkCount = await indexSections(database, {
        item,
        sectionIds,
        options: {
          chunk: dependencies.chunk,
          embedder: dependencies.embedder,
          signal,
          onProgress: (done, total) => reportProgress(10 + (done / total) * 89, `Indexed ${done} of ${total} sections`),
        },
      })
      await database.prisma.$transaction(async (tx) => {
        await markKnowledgeItem(
          { prisma: tx },
          {
            type,
            id,
            data: type === 'text' ? { embedded: true, status: 'ready', statusError: null } : { embedded: true },
          },
        )
        // The item reads as embedded from here, so it may be changed (and embedded again) from here: the
        // job lets go of its item with the same write, not a moment later when the worker records it.
        await tx.job.updateMany({ where: { id: job.id, lockedBy: job.lockedBy }, data: { activeKey: null } })
      })
      return { sections: sectionIds.length, chunks: chunkCount }
    },
    // A text's status follows its embedding; documents and websites keep the status of their reading.
    async onFinalFailure({ type, id }, reason) {
      if (type === 'text')
        await markKnowledgeItem(database, { type, id, data: { status: 'failed', statusError: reason } })
    },
  })
}
