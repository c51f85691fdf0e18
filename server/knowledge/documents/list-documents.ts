import type { Actor } from '../../accounts/actor.ts'
import { paginationOf } from '../../agents/agents.schemas.ts'
import { requireAgentAccess } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import type { Prisma } from '../../db/generated/prisma/client.ts'
import { countPendingEmbeds } from '../embedding/embed-all-pending.ts'
import { latestJobsOf, readAtOneMoment } from '../embedding/latest-jobs.ts'
import type { ItemListQuery, DocumentList } from '../knowledge.schemas.ts'
import { listOrder, pageWindow } from '../list-order.ts'
import { toDocumentView } from './document-view.ts'

export interface ListDocumentsOptions {
  actor: Actor
  agentId: string
  query: ItemListQuery
}

export async function listDocuments(
  database: Database,
  { actor, agentId, query }: ListDocumentsOptions,
): Promise<DocumentList> {
  await requireAgentAccess(database, { actor, agentId, need: 'read' })
  const where: Prisma.DocumentWhereInput = {
    agentId,
    ...(query.search
      ? {
          OR: [
            { name: { contains: query.search, mode: 'insensitive' } },
            { description: { contains: query.search, mode: 'insensitive' } },
          ],
        }
      : {}),
  }
  const orderBy = listOrder(query, 'name')
  const { totalCount, documents, pendingCount, jobs } = await readAtOneMoment(database, async (reader) => {
    const rows = await reader.document.findMany({ where, orderBy, ...pageWindow(query) })
    return {
      totalCount: await reader.document.count({ where }),
      documents: rows,
      pendingCount: await countPendingEmbeds(reader, agentId, 'document'),
      jobs: await latestJobsOf(
        reader,
        rows.map((row) => row.id),
      ),
    }
  })
  return {
    documents: documents.map((document) => toDocumentView(document, jobs.get(document.id))),
    pagination: paginationOf(query, totalCount),
    pending_count: pendingCount,
  }
}
