// The confirmation before a widget integration is deleted (SPEC section 2).
import { ConfirmModal } from '../../feedback/confirm-modal.tsx'
import type { WidgetIntegration } from './widget.types.ts'

export interface DeleteIntegrationModalProps {
  integration: WidgetIntegration | null
  isDeleting: boolean
  onConfirm(integration: WidgetIntegration): void
  onClose(): void
}

export function DeleteIntegrationModal({ integration, isDeleting, onConfirm, onClose }: DeleteIntegrationModalProps) {
  return (
    <ConfirmModal
      open={integration !== null}
      title="Delete integration"
      confirmLabel="Delete"
      busy={isDeleting}
      onConfirm={() => integration && onConfirm(integration)}
      onCancel={onClose}
    >
      Are you sure you want to delete this integration?
      {integration ? ` The embed code on ${integration.website_domain} stops working and its visitors' chats end.` : ''}
    </ConfirmModal>
  )
}
