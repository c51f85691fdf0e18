import type { Prisma } from '../../db/generated/prisma/client.ts'
import type { KnowledgeItemRef } from '../indexing/replace-sections.ts'

/**
 * Marks items embedded, one statement per kind: a text's status follows its embedding (ready); a
 * document keeps the status of its reading; a website's content_status becomes available. Answers the
 * ids of the items marked (one deleted meanwhile is not).
 */
export async function markItemsEmbedded(transaction: Prisma.TransactionClient, items: KnowledgeItemRef[]) {
  const idsOf = (type: KnowledgeItemRef['type']) => items.filter((item) => item.type === type).map((item) => item.id)
  const embeddedAt = new Date()
  const [texts, documents, websites] = [idsOf('text'), idsOf('document'), idsOf('website')]
  const select = { id: true } as const
  const marked = [
    ...(texts.length > 0
      ? await transaction.text.updateManyAndReturn({
          where: { id: { in: texts } },
          data: { embedded: true, embeddedAt, status: 'ready', statusError: null },
          select,
        })
      : []),
    ...(documents.length > 0
      ? await transaction.document.updateManyAndReturn({
          where: { id: { in: documents } },
          data: { embedded: true, embeddedAt },
          select,
        })
      : []),
    ...(websites.length > 0
      ? await transaction.website.updateManyAndReturn({
          where: { id: { in: websites } },
          data: { embedded: true, embeddedAt, contentStatus: 'available' },
          select,
        })
      : []),
  ]
  return new Set(marked.map((row) => row.id))
}
