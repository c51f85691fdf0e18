// Deleting cannot be undone, so it asks first; the item's name is in the question.
import { Modal, Text } from '@shopify/polaris'
import type { KnowledgeRow } from './knowledge-rows.ts'

const WHAT: Record<KnowledgeRow['kind'], string> = {
  document: 'The document, its file and its place in the agent\'s knowledge will be deleted.',
  text: 'The text and its place in the agent\'s knowledge will be deleted.',
  website: 'The website, its crawled pages and its place in the agent\'s knowledge will be deleted.',
}

export interface ConfirmDeleteModalProps {
  row: KnowledgeRow | null
  isDeleting: boolean
  onConfirm(row: KnowledgeRow): void
  onCancel(): void
}

export function ConfirmDeleteModal({ row, isDeleting, onConfirm, onCancel }: ConfirmDeleteModalProps) {
  return (
    <Modal
      open={row !== null}
      onClose={onCancel}
      title={row ? `Delete ${row.name}?` : 'Delete'}
      primaryAction={{ content: 'Delete', destructive: true, loading: isDeleting, onAction: () => row && onConfirm(row) }}
      secondaryActions={[{ content: 'Cancel', onAction: onCancel }]}
    >
      <Modal.Section>
        <Text as="p">{row ? `${WHAT[row.kind]} This cannot be undone.` : ''}</Text>
      </Modal.Section>
    </Modal>
  )
}
