import type { KnowledgeSourceType } from '../../db/generated/prisma/client.ts'

/** A passage found for a question: one knowledge chunk with what a citation needs. */
export interface Passage {
  chunkId: string
  sourceType: KnowledgeSourceType
  documentId: string | null
  textId: string | null
  websiteId: string | null
  title: string | null
  content: string
  sourceUrl: string | null
  pageNumber: number | null
  /** Fused rank score (reciprocal rank fusion): only the order means something. */
  score: number
}

/** One ranked list from one retriever: chunk ids, best first, with the retriever's own score. */
export interface RankedChunk {
  chunkId: string
  score: number
}
