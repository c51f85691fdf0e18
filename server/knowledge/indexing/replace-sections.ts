import type { Database } from '../../db/database.ts'
import {
  hashContent,
  itemColumns,
  itemFilter,
  type ExtractedSection,
  type KnowledgeItemType,
} from './knowledge-item.ts'

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
export async function replaceSections(database: Database, item: KnowledgeItemRef, extracted: ExtractedSection[]) {
  // PostgreSQL text cannot hold NUL, which PDFs, JSON escapes and web pages sometimes carry.
  const sections = extracted.map((section) => ({
    ...section,
    title: section.title?.replaceAll('\u0000', ''),
    content: section.content.replaceAll('\u0000', ''),
  }))
  const existing = await database.prisma.knowledgeSection.findMany({
    where: itemFilter(item.type, item.id),
    select: { id: true, contentHash: true },
  })
  const byHash = new Map(existing.map((section) => [section.contentHash, section.id]))
  const kept = new Set<string>()
  const created: string[] = []
  for (const [position, section] of sections.entries()) {
    const contentHash = hashContent(section)
    const unchanged = byHash.get(contentHash)
    if (unchanged && !kept.has(unchanged)) {
      kept.add(unchanged)
      const moved = await database.prisma.knowledgeSection.updateManyAndReturn({
        where: { id: unchanged, position: { not: position } },
        data: { position },
        select: { id: true },
      })
      // Chunk positions follow their section's, so order in answers stays the page's order.
      if (moved.length > 0)
        await database.prisma
          .$executeRaw`update knowledge_chunks set position = ${position} * 10000 + (position % 10000) where section_id = ${unchanged}::uuid`
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

/** The item's sections that have no chunks yet. */
export async function sectionsWithoutChunks(database: Database, type: KnowledgeItemRef['type'], id: string) {
  const sections = await database.prisma.knowledgeSection.findMany({
    where: { ...itemFilter(type, id), chunks: { none: {} } },
    select: { id: true },
    orderBy: { position: 'asc' },
  })
  return sections.map((section) => section.id)
}
