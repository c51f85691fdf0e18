import type { Database } from '../../db/database.ts'
import { PermanentJobError, type JobHandler } from '../../jobs/job-handler.ts'
import type { ChunkOptions } from '../indexing/chunk-section.ts'
import type { Embedder } from '../indexing/create-embedder.ts'
import { indexSections } from '../indexing/index-sections.ts'
import { itemFilter, type ExtractedSection, type KnowledgeItemType } from '../indexing/knowledge-item.ts'
import { replaceSections } from '../indexing/replace-sections.ts'
import { findKnowledgeItem, markKnowledgeItem } from './require-knowledge-item.ts'

export interface EmbedItemDependencies {
  database: Database
  embedder: Embedder | null
  chunk: ChunkOptions
  /** Extracts a document's sections (its pages); throws PermanentJobError for encrypted, corrupt or empty files. */
  extractDocument(documentId: string): Promise<ExtractedSection[]>
}

async function currentSections(dependencies: EmbedItemDependencies, type: KnowledgeItemType, id: string): Promise<ExtractedSection[] | null> {
  if (type === 'text') {
    const text = await dependencies.database.prisma.text.findUniqueOrThrow({ where: { id } })
    return [{ title: text.title, content: text.content }]
  }
  if (type === 'document') return dependencies.extractDocument(id)
  return null // a website's sections are written by its crawl
}

/** The embed job: (re)extract the item's sections, chunk what changed, index it, and mark the item embedded. */
export function createEmbedItemHandler(dependencies: EmbedItemDependencies): JobHandler {
  const { database } = dependencies
  return async ({ job, reportProgress, signal }) => {
    const { type, id } = job.payload as { type: KnowledgeItemType; id: string }
    const item = await findKnowledgeItem(database, type, id)
    if (!item) throw new PermanentJobError('The item was deleted before it could be embedded.')
    try {
      await reportProgress(5, 'Reading the content')
      const sections = await currentSections(dependencies, type, id)
      const sectionIds = sections
        ? (await replaceSections(database, item, sections)).changedSectionIds
        : (await database.prisma.knowledgeSection.findMany({ where: { ...itemFilter(type, id), chunks: { none: {} } }, select: { id: true } })).map((section) => section.id)
      if (type === 'website' && (await database.prisma.knowledgeSection.count({ where: itemFilter(type, id) })) === 0) {
        throw new PermanentJobError('The website has no crawled content yet: wait for its crawl to finish, or crawl it again.')
      }
      const chunkCount = await indexSections(database, item, sectionIds, {
        chunk: dependencies.chunk,
        embedder: dependencies.embedder,
        signal,
        onProgress: (done, total) => reportProgress(10 + (done / total) * 89, `Indexed ${done} of ${total} sections`),
      })
      await markKnowledgeItem(database, type, id, { embedded: true, status: 'ready', statusError: null })
      return { sections: sectionIds.length, chunks: chunkCount }
    } catch (error) {
      const isFinal = error instanceof PermanentJobError || job.attempts >= job.maxAttempts
      if (isFinal && !signal.aborted) await markKnowledgeItem(database, type, id, { status: 'failed', statusError: error instanceof Error ? error.message : String(error) })
      throw error
    }
  }
}
