import type { Actor } from '../../accounts/actor.ts'
import { requireAgentAccess, type AgentNeed } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import type { Document } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'

export const DOCUMENT_NOT_FOUND = 'Document not found'

export interface RequireDocumentOptions {
  actor: Actor
  agentId: string
  documentId: string
  need: AgentNeed
}

export async function requireDocument(
  database: Database,
  { actor, agentId, documentId, need }: RequireDocumentOptions,
): Promise<Document> {
  await requireAgentAccess(database, { actor, agentId, need })
  const document = await database.prisma.document.findFirst({ where: { id: documentId, agentId } })
  if (!document) throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND)
  return document
}
