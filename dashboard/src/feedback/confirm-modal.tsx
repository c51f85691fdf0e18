// The confirmation every destructive action asks for (SPEC section 2: "each with confirmation").
import { Modal, Text } from '@shopify/polaris'
import type { ReactNode } from 'react'

export interface ConfirmModalProps {
  open: boolean
  title: string
  /** What will happen, in plain words. */
  children: ReactNode
  confirmLabel: string
  /** Destructive actions get the red button. */
  destructive?: boolean
  busy?: boolean
  onConfirm(): void
  onCancel(): void
}

export function ConfirmModal({
  open,
  title,
  children,
  confirmLabel,
  destructive = true,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      primaryAction={{ content: confirmLabel, destructive, loading: busy, onAction: onConfirm }}
      secondaryActions={[{ content: 'Cancel', onAction: onCancel, disabled: busy }]}
    >
      <Modal.Section>
        <Text as="p">{children}</Text>
      </Modal.Section>
    </Modal>
  )
}
