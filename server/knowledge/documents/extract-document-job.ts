import { buffer } from 'node:stream/consumers'
import type { Database } from '../../db/database.ts'
import { PermanentJobError, type JobHandler } from '../../jobs/job-handler.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import { replaceSections } from '../indexing/replace-sections.ts'
import { extractDocumentSections } from './extract/extract-document-sections.ts'

export const EXTRACT_DOCUMENT_JOB = 'extract-document'

/**
 * Reads an uploaded document into sections (pages for a PDF). An encrypted, damaged or empty file
 * leaves the document failed with the reason, for the item to show; it never takes the server down.
 */
export function createExtractDocumentHandler(database: Database, storage: FileStorage): JobHandler {
  return async ({ job, reportProgress }) => {
    const { id } = job.payload as { id: string }
    const document = await database.prisma.document.findUnique({ where: { id } })
    if (!document) throw new PermanentJobError('The document was deleted before it could be read.')
    await database.prisma.document.update({ where: { id }, data: { status: 'processing', statusError: null } })
    try {
      const file = await storage.get(document.storageKey)
      if (!file) throw new PermanentJobError('The file is missing from storage: upload it again.')
      await reportProgress(20, 'Reading the file')
      const sections = await extractDocumentSections(await buffer(file.body), document.format, document.name)
      await reportProgress(80, 'Storing the text')
      await replaceSections(database, { type: 'document', id, agentId: document.agentId, accountId: document.accountId }, sections)
      const pageCount = document.format === 'pdf' ? Math.max(...sections.map((section) => section.pageNumber ?? 1)) : null
      await database.prisma.document.update({ where: { id }, data: { status: 'ready', pageCount } })
      return { sections: sections.length, characters: sections.reduce((sum, section) => sum + section.content.length, 0) }
    } catch (error) {
      const isFinal = error instanceof PermanentJobError || job.attempts >= job.maxAttempts
      if (isFinal) await database.prisma.document.update({ where: { id }, data: { status: 'failed', statusError: error instanceof Error ? error.message : String(error) } })
      throw error
    }
  }
}
