import { createHash } from 'node:crypto'

export type KnowledgeItemType = 'document' | 'text' | 'website'

/** Which knowledge item a section or chunk belongs to, as the foreign-key columns spell it. */
export function itemColumns(type: KnowledgeItemType, id: string) {
  return {
    sourceType: type,
    documentId: type === 'document' ? id : null,
    textId: type === 'text' ? id : null,
    websiteId: type === 'website' ? id : null,
  } as const
}

export function itemFilter(type: KnowledgeItemType, id: string) {
  return type === 'document' ? { documentId: id } : type === 'text' ? { textId: id } : { websiteId: id }
}

/** Extracted content of an item, before chunking: a text, a document page, a web page. */
export interface ExtractedSection {
  title?: string
  sourceUrl?: string
  pageNumber?: number
  content: string
}

export function hashContent(section: ExtractedSection) {
  return createHash('sha256')
    .update(`${section.title ?? ''}\n${section.sourceUrl ?? ''}\n${section.pageNumber ?? ''}\n${section.content}`)
    .digest('hex')
}
