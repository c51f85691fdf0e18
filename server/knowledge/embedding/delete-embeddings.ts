import type { Actor } from '../../accounts/actor.ts'
import type { Database } from '../../db/database.ts'
import { itemFilter, type KnowledgeItemType } from '../indexing/knowledge-item.ts'
import { markKnowledgeItem, requireKnowledgeItem } from './require-knowledge-item.ts'
import { refuseWhileCrawling } from './start-embedding.ts'

export interface DeleteEmbeddingsOptions {
  actor: Actor
  agentId: string
  type: KnowledgeItemType
  id: string
}

/** The SPEC's delete-embeddings call: the item stays, its chunks and vectors go; it can be embedded again. */
export async function deleteEmbeddings(database: Database, { actor, agentId, type, id }: DeleteEmbeddingsOptions) {
  await requireKnowledgeItem(database, { actor, agentId, type, id, need: 'edit' })
  await refuseWhileCrawling(database, type, id)
  const { count } = await database.prisma.knowledgeChunk.deleteMany({ where: itemFilter(type, id) })
  await markKnowledgeItem(database, {
    type,
    id,
    data: type === 'text' ? { embedded: false, status: 'pending' } : { embedded: false },
  })
  return { deleted_chunks: count }
}
