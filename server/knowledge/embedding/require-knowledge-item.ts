import type { Actor } from '../../accounts/actor.ts'
import { requireAgentAccess, type AgentNeed } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import type { Prisma } from '../../db/generated/prisma/client.ts'
import { AppError } from '../../errors/app-error.ts'
import type { KnowledgeItemType } from '../indexing/knowledge-item.ts'

export interface KnowledgeItemSummary {
  type: KnowledgeItemType
  id: string
  agentId: string
  accountId: string
  name: string
  embedded: boolean
}

const NOT_FOUND: Record<KnowledgeItemType, string> = {
  document: 'Document not found',
  text: 'Text not found',
  website: 'Website not found',
}

export interface RequireKnowledgeItemOptions {
  actor: Actor
  agentId: string
  type: KnowledgeItemType
  id: string
  need: AgentNeed
}

/** Any knowledge item of an agent the actor may use as `need` says; 404 otherwise. */
export async function requireKnowledgeItem(
  database: Database,
  { actor, agentId, type, id, need }: RequireKnowledgeItemOptions,
): Promise<KnowledgeItemSummary> {
  await requireAgentAccess(database, { actor, agentId, need })
  const item = await findKnowledgeItem(database, type, id)
  if (!item || item.agentId !== agentId) throw new AppError('NOT_FOUND', NOT_FOUND[type])
  return item
}

/** The item by type and id, or null. */
async function findKnowledgeItem(
  database: Database,
  type: KnowledgeItemType,
  id: string,
): Promise<KnowledgeItemSummary | null> {
  const { prisma } = database
  const select = { id: true, agentId: true, accountId: true, embedded: true } as const
  const row =
    type === 'text'
      ? await prisma.text
          .findUnique({ where: { id }, select: { ...select, title: true } })
          .then((text) => text && { ...text, name: text.title })
      : type === 'document'
        ? await prisma.document.findUnique({ where: { id }, select: { ...select, name: true } })
        : await prisma.website.findUnique({ where: { id }, select: { ...select, name: true } })
  return row
    ? { type, id: row.id, agentId: row.agentId, accountId: row.accountId, name: row.name, embedded: row.embedded }
    : null
}

export interface MarkKnowledgeItemOptions {
  type: KnowledgeItemType
  id: string
  data: { embedded?: boolean; status?: 'pending' | 'processing' | 'ready' | 'failed'; statusError?: string | null }
}

/** Sets an item's embedded flag and pipeline status. */
export async function markKnowledgeItem(
  database: Database | { prisma: Prisma.TransactionClient },
  { type, id, data }: MarkKnowledgeItemOptions,
) {
  const { prisma } = database
  const embeddedAt = data.embedded === undefined ? undefined : data.embedded ? new Date() : null
  if (type === 'text')
    await prisma.text.updateMany({
      where: { id },
      data: { embedded: data.embedded, embeddedAt, status: data.status, statusError: data.statusError },
    })
  else if (type === 'document')
    await prisma.document.updateMany({
      where: { id },
      data: { embedded: data.embedded, embeddedAt, status: data.status, statusError: data.statusError },
    })
  else {
    // A website's content_status: crawled once its pages are read, available once they are embedded.
    const contentStatus = data.embedded === undefined ? undefined : data.embedded ? 'available' : 'crawled'
    await prisma.website.updateMany({
      where: { id, ...(data.embedded === false ? { contentStatus: 'available' } : {}) },
      data: { embedded: data.embedded, embeddedAt, contentStatus },
    })
  }
}
