import type { Database } from '../../db/database.ts'
import type { Document } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import { verifyDownloadLink } from './download-links.ts'
import { DOCUMENT_NOT_FOUND } from './require-document.ts'

/** The document a signed download link names, while the link is valid and the document exists. */
export async function documentForDownloadLink(database: Database, key: Buffer, token: string): Promise<Document> {
  const documentId = await verifyDownloadLink(key, token)
  const document = await database.prisma.document.findUnique({ where: { id: documentId } })
  if (!document) throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND)
  return document
}
