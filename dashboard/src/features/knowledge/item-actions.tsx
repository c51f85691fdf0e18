// An item's actions: Embed where it can act (not embedded, read or crawled, nothing running), or Retry
// once it failed, stays in view; the rest sit in a menu so a row keeps its height on a phone. Every
// button names the item for screen readers.
import { ActionList, Button, InlineStack, Popover, type ActionListItemDescriptor } from '@shopify/polaris'
import { MenuHorizontalIcon } from '@shopify/polaris-icons'
import { useState } from 'react'
import { isJobActive } from './knowledge.queries.ts'
import type { KnowledgeRow } from './knowledge-rows.ts'
import type { KnowledgeActions } from './use-knowledge-actions.ts'

export interface ItemActionsProps {
  row: KnowledgeRow
  actions: KnowledgeActions
  /** The item's own entries (Update, Download, Re-crawl), before Remove from index and Delete. */
  menu: ActionListItemDescriptor[]
  onDelete(row: KnowledgeRow): void
}

export function ItemActions({ row, actions, menu, onDelete }: ItemActionsProps) {
  const [isOpen, setOpen] = useState(false)
  const isRunning = isJobActive(row.job)
  // One who may not change the knowledge gets only the item's own entries it allows (Download).
  const isRetry = actions.canEdit && row.retry !== null && !isRunning
  const changes: ActionListItemDescriptor[] = [
    ...(row.embedded
      ? [
          {
            content: 'Remove from index',
            helpText: 'The item stays; the agent stops using it.',
            disabled: isRunning,
            onAction: () => actions.removeFromIndex(row),
          },
        ]
      : []),
    { content: 'Delete', destructive: true, onAction: () => onDelete(row) },
  ]
  const entries = actions.canEdit ? [...menu, ...changes] : menu
  return (
    <InlineStack gap="200" wrap={false} blockAlign="center">
      {isRetry ? (
        <Button
          size="slim"
          onClick={() => actions.retry(row)}
          loading={actions.busy.embed === row.id || actions.busy.recrawl === row.id}
          accessibilityLabel={`Retry ${row.name}`}
        >
          Retry
        </Button>
      ) : actions.canEdit && row.canEmbed && !isRunning ? (
        <Button
          size="slim"
          variant="primary"
          onClick={() => actions.embed(row)}
          loading={actions.busy.embed === row.id}
          accessibilityLabel={`Embed ${row.name}`}
        >
          Embed
        </Button>
      ) : null}
      {entries.length === 0 ? null : (
        <Popover
          active={isOpen}
          onClose={() => setOpen(false)}
          preferredAlignment="right"
          activator={
            <Button
              size="slim"
              icon={MenuHorizontalIcon}
              onClick={() => setOpen((open) => !open)}
              accessibilityLabel={`More actions for ${row.name}`}
              disclosure={false}
            />
          }
        >
          <ActionList actionRole="menuitem" items={entries} onActionAnyItem={() => setOpen(false)} />
        </Popover>
      )}
    </InlineStack>
  )
}
