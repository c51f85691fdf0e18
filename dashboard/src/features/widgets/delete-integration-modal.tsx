// The confirmation before a widget integration is deleted (SPEC section 2).
import { Modal, Text } from '@shopify/polaris'
import type { WidgetIntegration } from './widget.types.ts'

export interface DeleteIntegrationModalProps {
  integration: WidgetIntegration | null
  isDeleting: boolean
  onConfirm(integration: WidgetIntegration): void
  onClose(): void
}

export function DeleteIntegrationModal({ integration, isDeleting, onConfirm, onClose }: DeleteIntegrationModalProps) {
  return (
    <Modal
      open={integration !== null}
      onClose={onClose}
      title="Delete integration"
      primaryAction={{ content: 'Delete', destructive: true, loading: isDeleting, onAction: () => integration && onConfirm(integration) }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose, disabled: isDeleting }]}
    >
      <Modal.Section>
        <Text as="p">Are you sure you want to delete this integration?</Text>
        {integration && (
          <Text as="p" tone="subdued">
            The embed code on {integration.website_domain} stops working and its visitors' chats end.
          </Text>
        )}
      </Modal.Section>
    </Modal>
  )
}
