import type { Database } from '../../db/database.ts'
import type { KnowledgeItemRef } from './replace-sections.ts'
import type { SectionToIndex } from './index-sections.ts'

export interface UnindexedSections {
  /** Every section without chunks of the items, in item and page order, with its length. */
  sections: SectionToIndex[]
  /** How many sections each item has in all (a document or website with none has nothing to embed). */
  sectionCounts: Map<string, number>
}

/**
 * The items' sections that have no chunks yet: new or changed ones, and those whose chunks were deleted
 * or never finished, so embedding always leaves an item complete. One query for any number of items.
 */
export async function findUnindexedSections(database: Database, items: KnowledgeItemRef[]): Promise<UnindexedSections> {
  const byId = new Map(items.map((item) => [item.id, item]))
  const ids = [...byId.keys()]
  if (ids.length === 0) return { sections: [], sectionCounts: new Map() }
  const rows = await database.prisma.$queryRaw<{ id: string; item_id: string; length: number; is_indexed: boolean }[]>`
    select section.id::text as id, coalesce(section.text_id, section.document_id, section.website_id)::text as item_id,
      length(section.content) as length,
      exists (select 1 from knowledge_chunks chunk where chunk.section_id = section.id) as is_indexed
    from knowledge_sections section
    where section.text_id = any(${ids}::uuid[]) or section.document_id = any(${ids}::uuid[]) or section.website_id = any(${ids}::uuid[])
    order by item_id, section.position`
  const sectionCounts = new Map<string, number>()
  const sections: SectionToIndex[] = []
  for (const row of rows) {
    sectionCounts.set(row.item_id, (sectionCounts.get(row.item_id) ?? 0) + 1)
    const item = byId.get(row.item_id)
    if (item && !row.is_indexed) sections.push({ id: row.id, item, length: row.length })
  }
  return { sections, sectionCounts }
}
