import type { Actor } from '../../accounts/actor.ts'
import { requireAgentAccess } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'

/** The SPEC's list-embeddings call: every embedded item of the agent with its chunk count. */
export async function listEmbeddings(database: Database, actor: Actor, agentId: string) {
  await requireAgentAccess(database, { actor, agentId, need: 'read' })
  const groups = await database.prisma.knowledgeChunk.groupBy({
    by: ['sourceType', 'documentId', 'textId', 'websiteId', 'embeddingModel'],
    where: { agentId },
    _count: { _all: true },
  })
  const ids = (key: 'documentId' | 'textId' | 'websiteId') =>
    groups.map((group) => group[key]).filter((id): id is string => Boolean(id))
  const [documents, texts, websites] = await Promise.all([
    database.prisma.document.findMany({
      where: { id: { in: ids('documentId') } },
      select: { id: true, name: true, embeddedAt: true },
    }),
    database.prisma.text.findMany({
      where: { id: { in: ids('textId') } },
      select: { id: true, title: true, embeddedAt: true },
    }),
    database.prisma.website.findMany({
      where: { id: { in: ids('websiteId') } },
      select: { id: true, name: true, embeddedAt: true },
    }),
  ])
  const names = new Map<string, { name: string; embeddedAt: Date | null }>([
    ...documents.map((row) => [row.id, { name: row.name, embeddedAt: row.embeddedAt }] as const),
    ...texts.map((row) => [row.id, { name: row.title, embeddedAt: row.embeddedAt }] as const),
    ...websites.map((row) => [row.id, { name: row.name, embeddedAt: row.embeddedAt }] as const),
  ])
  const embeddings = groups.map((group) => {
    const objectId = group.documentId ?? group.textId ?? group.websiteId ?? ''
    return {
      object_type: group.sourceType,
      object_id: objectId,
      object_name: names.get(objectId)?.name ?? null,
      chunk_count: group._count._all,
      embedding_model: group.embeddingModel,
      has_vectors: group.embeddingModel !== null,
      embedded_at: names.get(objectId)?.embeddedAt?.toISOString() ?? null,
    }
  })
  return { embeddings }
}
