// Knowledge items as the API answers them (docs/api/agents-and-knowledge.md, SPEC section 3).
import type { Pagination } from '../agents/agent.types.ts'

/** The embed calls' objectType; the list paths use the plural. */
export type KnowledgeKind = 'document' | 'text' | 'website'

type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled'

/** An item's latest job: what its progress bar and failure message show. */
export interface KnowledgeJob {
  job_id: string
  kind: string
  status: JobStatus
  progress: number
  progress_detail: string | null
  attempts: number
  error: string | null
}

interface ItemBase {
  id?: string
  status_error?: string | null
  embedded: boolean
  created_at: string
  updated_at: string
  job?: KnowledgeJob | null
}

/** pending, processing (being read or embedded), ready, failed. */
type ItemStatus = 'pending' | 'processing' | 'ready' | 'failed'

export interface DocumentItem extends ItemBase {
  document_id: string
  document_name: string
  document_format: string
  document_size: string
  document_description?: string | null
  status?: ItemStatus
}

export interface TextItem extends ItemBase {
  text_id: string
  text_title: string | null
  text_content: string
  status?: ItemStatus
}

type WebsiteContentStatus = 'pending' | 'crawled' | 'available' | 'failed'

export interface WebsiteItem extends ItemBase {
  website_id: string
  website_name: string
  website_url: string
  crawling: boolean
  content_status: WebsiteContentStatus
  max_pages?: number
  pages_crawled?: number
  last_crawled_at: string | null
}

export interface DocumentList {
  documents: DocumentItem[]
  pagination?: Pagination
}
export interface TextList {
  texts: TextItem[]
  pagination?: Pagination
}
export interface WebsiteList {
  websites: WebsiteItem[]
  pagination?: Pagination
}
