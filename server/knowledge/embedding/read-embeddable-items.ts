import type { Database } from '../../db/database.ts'
import { PermanentJobError } from '../../jobs/job-handler.ts'
import type { ExtractedSection, KnowledgeItemType } from '../indexing/knowledge-item.ts'
import type { KnowledgeItemRef } from '../indexing/replace-sections.ts'

/** An item an embed job may index, or why it may not now. */
export type EmbeddableRead = { item: KnowledgeItemRef; textSection?: ExtractedSection } | { refusal: Error }

const DELETED = 'The item was deleted before it could be embedded.'

/**
 * Reads the items of a batch of embed jobs, one query per kind. A text's one section is its words;
 * documents and websites have theirs written by their extract job and crawl, which must have succeeded
 * first (a document still being read is retried; one that failed fails its job for good).
 */
export async function readEmbeddableItems(
  database: Database,
  refs: { type: KnowledgeItemType; id: string }[],
): Promise<Map<string, EmbeddableRead>> {
  const idsOf = (type: KnowledgeItemType) => refs.filter((ref) => ref.type === type).map((ref) => ref.id)
  const select = { id: true, agentId: true, accountId: true } as const
  const [texts, documents, websites] = await Promise.all([
    idsOf('text').length > 0
      ? database.prisma.text.findMany({
          where: { id: { in: idsOf('text') } },
          select: { ...select, title: true, content: true, sourceUrl: true },
        })
      : [],
    idsOf('document').length > 0
      ? database.prisma.document.findMany({
          where: { id: { in: idsOf('document') } },
          select: { ...select, status: true, statusError: true },
        })
      : [],
    idsOf('website').length > 0
      ? database.prisma.website.findMany({ where: { id: { in: idsOf('website') } }, select })
      : [],
  ])
  const reads = new Map<string, EmbeddableRead>(
    refs.map((ref) => [ref.id, { refusal: new PermanentJobError(DELETED) }]),
  )
  for (const text of texts)
    reads.set(text.id, {
      item: { type: 'text', id: text.id, agentId: text.agentId, accountId: text.accountId },
      // A text standing for a page (a store product) carries its URL, which its passages cite.
      textSection: { title: text.title, content: text.content, sourceUrl: text.sourceUrl ?? undefined },
    })
  for (const document of documents) {
    const item = {
      type: 'document' as const,
      id: document.id,
      agentId: document.agentId,
      accountId: document.accountId,
    }
    reads.set(
      document.id,
      document.status === 'failed'
        ? { refusal: new PermanentJobError(document.statusError ?? 'The document could not be read.') }
        : document.status !== 'ready'
          ? { refusal: new Error('The document is still being read; embedding will retry shortly.') }
          : { item },
    )
  }
  for (const website of websites)
    reads.set(website.id, {
      item: { type: 'website', id: website.id, agentId: website.agentId, accountId: website.accountId },
    })
  return reads
}
