import { buffer } from 'node:stream/consumers'
import { embedWhenRead } from '../embedding/queue-embedding.ts'
import type { Database } from '../../db/database.ts'
import { z } from 'zod'
import { PermanentJobError, type JobHandler } from '../../jobs/job-handler.ts'
import { defineJobKind, handlerOf } from '../../jobs/job-kind.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import { replaceSections } from '../indexing/replace-sections.ts'
import { extractInWorker } from './extract/extract-in-worker.ts'
import type { ExtractionLimits } from './extract/extraction-limits.ts'

/** Reads one uploaded document; a damaged file fails the same way again, so three attempts are plenty. */
export const EXTRACT_DOCUMENT = defineJobKind({
  kind: 'extract-document',
  payload: z.object({ id: z.uuid() }),
  maxAttempts: 3,
})
export const EXTRACT_DOCUMENT_JOB = EXTRACT_DOCUMENT.kind

export interface ExtractDocumentDependencies {
  database: Database
  storage: FileStorage
  limits: ExtractionLimits
}

/**
 * Reads an uploaded document into sections (pages for a PDF), in a worker thread within the limits. An
 * encrypted, damaged, empty or oversized file leaves the document failed with the reason on the first
 * attempt; it never takes the server down, and is never retried into the same failure.
 */
export function createExtractDocumentHandler({ database, storage, limits }: ExtractDocumentDependencies): JobHandler {
  return handlerOf(EXTRACT_DOCUMENT, {
    async run({ payload: { id }, reportProgress, signal }) {
      const document = await database.prisma.document.findUnique({ where: { id } })
      if (!document) throw new PermanentJobError('The document was deleted before it could be read.')
      await database.prisma.document.update({ where: { id }, data: { status: 'processing', statusError: null } })
      const file = await storage.get(document.storageKey)
      if (!file) throw new PermanentJobError('The file is missing from storage: upload it again.')
      await reportProgress(20, 'Reading the file')
      const sections = await extractInWorker({
        bytes: await buffer(file.body),
        format: document.format,
        name: document.name,
        limits,
        signal,
      })
      await reportProgress(80, 'Storing the text')
      await replaceSections(
        database,
        { type: 'document', id, agentId: document.agentId, accountId: document.accountId },
        sections,
      )
      const pageCount =
        document.format === 'pdf'
          ? sections.reduce((most, section) => Math.max(most, section.pageNumber ?? 1), 1)
          : null
      await database.prisma.document.update({ where: { id }, data: { status: 'ready', pageCount } })
      await embedWhenRead(database, {
        item: { type: 'document', id, agentId: document.agentId, accountId: document.accountId },
      })
      return {
        sections: sections.length,
        characters: sections.reduce((sum, section) => sum + section.content.length, 0),
      }
    },
    async onFinalFailure({ id }, reason, writer) {
      await writer.document.updateMany({ where: { id }, data: { status: 'failed', statusError: reason } })
    },
  })
}
