import type { Document } from '../../db/generated/prisma/client.ts'
import type { DocumentView } from '../knowledge.schemas.ts'
import type { JobView } from '../embedding/job-view.ts'

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB']

/** "2 MB": the SPEC's text form of a size, in steps of 1024. */
function formatSize(bytes: number) {
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${unit === 0 ? value : Number(value.toFixed(1))} ${UNITS[unit]}`
}

/** A document as the API shows it (SPEC section 3), with its latest job for progress. */
export function toDocumentView(document: Document, job: JobView | undefined): DocumentView {
  const sizeBytes = Number(document.sizeBytes)
  return {
    document_id: document.id,
    id: document.id,
    agent_id: document.agentId,
    document_name: document.name,
    document_format: document.format,
    document_url: `/api/agents/${document.agentId}/documents/${document.id}/download/`,
    document_size: formatSize(sizeBytes),
    document_size_bytes: sizeBytes,
    document_description: document.description,
    document_language: document.language,
    document_tags: document.tags,
    meta_data: document.metaData,
    file_type_icon: document.format,
    page_count: document.pageCount,
    status: document.status,
    status_error: document.statusError,
    embedded: document.embedded,
    embedded_at: document.embeddedAt?.toISOString() ?? null,
    is_expired: document.expiresAt !== null && document.expiresAt <= new Date(),
    created_at: document.createdAt.toISOString(),
    updated_at: document.updatedAt.toISOString(),
    job: job ?? null,
  }
}
