import type { Database } from '../../db/database.ts'
import { hashContent, itemColumns, type ExtractedSection } from './knowledge-item.ts'
import type { KnowledgeItemRef } from './replace-sections.ts'

export interface TextSection {
  item: KnowledgeItemRef
  section: ExtractedSection
}

/**
 * replaceSections for many one-section items (texts) in three statements: a text whose words did not
 * change keeps its section (and chunks); the others get a new one, their old one removed with its chunks.
 */
export async function replaceTextSections(database: Database, texts: TextSection[]) {
  if (texts.length === 0) return
  const ids = texts.map(({ item }) => item.id)
  const existing = await database.prisma.knowledgeSection.findMany({
    where: { textId: { in: ids } },
    select: { id: true, textId: true, contentHash: true },
  })
  const kept = new Set<string>()
  const created = []
  for (const { item, section } of texts) {
    // PostgreSQL text cannot hold NUL.
    const clean = {
      ...section,
      title: section.title?.replaceAll('\u0000', ''),
      content: section.content.replaceAll('\u0000', ''),
    }
    const contentHash = hashContent(clean)
    const unchanged = existing.find((row) => row.textId === item.id && row.contentHash === contentHash)
    if (unchanged) {
      kept.add(unchanged.id)
      continue
    }
    created.push({
      accountId: item.accountId,
      agentId: item.agentId,
      ...itemColumns(item.type, item.id),
      position: 0,
      title: clean.title?.slice(0, 500),
      sourceUrl: clean.sourceUrl,
      pageNumber: clean.pageNumber,
      content: clean.content,
      contentHash,
    })
  }
  const gone = existing.filter((row) => !kept.has(row.id)).map((row) => row.id)
  if (gone.length > 0) await database.prisma.knowledgeSection.deleteMany({ where: { id: { in: gone } } })
  if (created.length > 0) await database.prisma.knowledgeSection.createMany({ data: created })
}
