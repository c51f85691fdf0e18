import { buffer } from 'node:stream/consumers'
import type { Database } from '../../db/database.ts'
import { PermanentJobError } from '../../jobs/job-handler.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import { extractDocumentSections } from './extract/extract-document-sections.ts'

/** Reads a stored document back and extracts its sections (the embed job's input for documents). */
export function documentSectionReader(database: Database, storage: FileStorage) {
  return async (documentId: string) => {
    const document = await database.prisma.document.findUnique({ where: { id: documentId } })
    if (!document) throw new PermanentJobError('The document was deleted before it could be embedded.')
    const file = await storage.get(document.storageKey)
    if (!file) throw new PermanentJobError('The document\'s file is missing from storage: upload it again.')
    return extractDocumentSections(await buffer(file.body), document.format, document.name)
  }
}
