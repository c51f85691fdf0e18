import type { Actor } from '../../accounts/actor.ts'
import type { Database } from '../../db/database.ts'
import { latestJobsOf } from '../embedding/latest-jobs.ts'
import type { DocumentFields } from '../knowledge.schemas.ts'
import { toDocumentView } from './document-view.ts'
import { requireDocument } from './require-document.ts'

export interface UpdateDocumentOptions {
  actor: Actor
  agentId: string
  documentId: string
  changes: DocumentFields
}

/** Renames and describes a document; its file and text stay as uploaded. */
export async function updateDocument(
  database: Database,
  { actor, agentId, documentId, changes }: UpdateDocumentOptions,
) {
  await requireDocument(database, { actor, agentId, documentId, need: 'edit' })
  const updated = await database.prisma.document.update({
    where: { id: documentId },
    data: {
      name: changes.document_name || undefined,
      description: changes.document_description,
      language: changes.document_language,
      tags: changes.document_tags,
      metaData: changes.meta_data as object | undefined,
    },
  })
  return toDocumentView(updated, (await latestJobsOf(database.prisma, [documentId])).get(documentId))
}
