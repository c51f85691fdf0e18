// One integration's actions: copy its code, edit it (keeping its code), switch it off or on, delete it
// (after the confirmation the caller shows). Every button is named after the website, so a list of them reads clearly.
import { Button, ButtonGroup } from '@shopify/polaris'
import { ClipboardIcon, DeleteIcon, EditIcon } from '@shopify/polaris-icons'
import type { WidgetIntegration } from './widget.types.ts'

export interface IntegrationActionsProps {
  integration: WidgetIntegration
  isSwitching: boolean
  canSwitch: boolean
  /** Whether the caller may change the agent's widgets (the page says so when not): else only Copy. */
  canEdit: boolean
  onCopy(): void
  onEdit(): void
  onSwitch(isActive: boolean): void
  onDelete(): void
}

export function IntegrationActions({
  integration,
  isSwitching,
  canSwitch,
  canEdit,
  onCopy,
  onEdit,
  onSwitch,
  onDelete,
}: IntegrationActionsProps) {
  const isActive = integration.is_active !== false
  const name = integration.website_name
  return (
    <ButtonGroup noWrap>
      <Button icon={ClipboardIcon} accessibilityLabel={`Copy code for ${name}`} onClick={onCopy} />
      {canEdit ? (
        <>
          <Button icon={EditIcon} accessibilityLabel={`Edit ${name}`} onClick={onEdit} />
          <Button
            loading={isSwitching}
            disabled={!canSwitch}
            accessibilityLabel={`${isActive ? 'Deactivate' : 'Activate'} ${name}`}
            onClick={() => onSwitch(!isActive)}
          >
            {isActive ? 'Deactivate' : 'Activate'}
          </Button>
          <Button icon={DeleteIcon} tone="critical" accessibilityLabel={`Delete ${name}`} onClick={onDelete} />
        </>
      ) : null}
    </ButtonGroup>
  )
}
