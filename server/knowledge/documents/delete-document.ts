import type { Actor } from '../../accounts/actor.ts'
import type { Database } from '../../db/database.ts'
import type { Logger } from '../../logging/create-logger.ts'
import type { FileStorage } from '../../storage/file-storage.ts'
import { requireDocument } from './require-document.ts'

export interface DeleteDocumentOptions {
  storage: FileStorage
  logger: Logger
  actor: Actor
  agentId: string
  documentId: string
}

/** Deletes a document with its sections, chunks and vectors, then its file. */
export async function deleteDocument(
  database: Database,
  { storage, logger, actor, agentId, documentId }: DeleteDocumentOptions,
) {
  const document = await requireDocument(database, { actor, agentId, documentId, need: 'edit' })
  await database.prisma.document.delete({ where: { id: documentId } })
  await storage
    .delete(document.storageKey)
    .catch((error: unknown) =>
      logger.warn({ err: error, key: document.storageKey }, "could not delete a deleted document's file"),
    )
}
