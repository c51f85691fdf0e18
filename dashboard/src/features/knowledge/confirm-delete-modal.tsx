// Deleting cannot be undone, so it asks first; the item's name is in the question.
import { ConfirmModal } from '../../feedback/confirm-modal.tsx'
import type { KnowledgeRow } from './knowledge-rows.ts'

const WHAT: Record<KnowledgeRow['kind'], string> = {
  document: "The document, its file and its place in the agent's knowledge will be deleted.",
  text: "The text and its place in the agent's knowledge will be deleted.",
  website: "The website, its crawled pages and its place in the agent's knowledge will be deleted.",
}

export interface ConfirmDeleteModalProps {
  row: KnowledgeRow | null
  isDeleting: boolean
  onConfirm(row: KnowledgeRow): void
  onCancel(): void
}

export function ConfirmDeleteModal({ row, isDeleting, onConfirm, onCancel }: ConfirmDeleteModalProps) {
  return (
    <ConfirmModal
      open={row !== null}
      title={row ? `Delete ${row.name}?` : 'Delete'}
      confirmLabel="Delete"
      busy={isDeleting}
      onConfirm={() => row && onConfirm(row)}
      onCancel={onCancel}
    >
      {row ? `${WHAT[row.kind]} This cannot be undone.` : ''}
    </ConfirmModal>
  )
}
