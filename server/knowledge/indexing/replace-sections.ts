import type { Database } from '../../db/database.ts'
import { hashContent, itemColumns, itemFilter, type ExtractedSection, type KnowledgeItemType } from './knowledge-item.ts'

export interface KnowledgeItemRef {
  type: KnowledgeItemType
  id: string
  agentId: string
  accountId: string
}

/**
 * Stores an item's freshly extracted sections, keeping the ones whose content did not change (and so
 * their chunks), replacing changed ones and removing the ones that are gone. Returns the ids of the
 * sections that need chunking.
 */
export async function replaceSections(database: Database, item: KnowledgeItemRef, sections: ExtractedSection[]) {
  const existing = await database.prisma.knowledgeSection.findMany({ where: itemFilter(item.type, item.id), select: { id: true, contentHash: true } })
  const byHash = new Map(existing.map((section) => [section.contentHash, section.id]))
  const kept = new Set<string>()
  const created: string[] = []
  for (const [position, section] of sections.entries()) {
    const contentHash = hashContent(section)
    const unchanged = byHash.get(contentHash)
    if (unchanged && !kept.has(unchanged)) {
      kept.add(unchanged)
      await database.prisma.knowledgeSection.update({ where: { id: unchanged }, data: { position } })
      continue
    }
    const row = await database.prisma.knowledgeSection.create({
      data: {
        accountId: item.accountId,
        agentId: item.agentId,
        ...itemColumns(item.type, item.id),
        position,
        title: section.title?.slice(0, 500),
        sourceUrl: section.sourceUrl,
        pageNumber: section.pageNumber,
        content: section.content,
        contentHash,
      },
    })
    created.push(row.id)
  }
  const gone = existing.filter((section) => !kept.has(section.id)).map((section) => section.id)
  if (gone.length > 0) await database.prisma.knowledgeSection.deleteMany({ where: { id: { in: gone } } }) // their chunks go with them
  return { changedSectionIds: created, keptSectionIds: [...kept], removedSectionIds: gone }
}
