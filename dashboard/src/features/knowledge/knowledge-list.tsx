// One list for the three tabs: a table on wide screens that becomes stacked cards on phones, with its
// loading, error and empty states, paging, and the delete confirmation. The explicit roles keep the
// table's meaning for screen readers when phones display its rows as blocks.
import { BlockStack, Button, Pagination, Spinner, Text, type ActionListItemDescriptor } from '@shopify/polaris'
import { useState, type ReactNode } from 'react'
import { messageOf } from '../../feedback/report-error.ts'
import type { Pagination as PageInfo } from '../agents/agent.types.ts'
import { ConfirmDeleteModal } from './confirm-delete-modal.tsx'
import { ItemActions } from './item-actions.tsx'
import { ItemStatus } from './item-status.tsx'
import type { KnowledgeRow } from './knowledge-rows.ts'
import type { KnowledgeActions } from './use-knowledge-actions.ts'
import './knowledge.css'

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

function formatDate(iso: string | null, never = '—') {
  if (!iso) return never
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? never : DATE_FORMAT.format(date)
}

export interface KnowledgeListProps<Item> {
  /** "texts": used in the caption, the loading label and the error. */
  plural: string
  items: Item[] | undefined
  toRow(item: Item): KnowledgeRow
  renderName(item: Item, row: KnowledgeRow): ReactNode
  menuFor(item: Item, row: KnowledgeRow): ActionListItemDescriptor[]
  dateHeader: string
  /** Shown in the date column when the date is null (a website not crawled yet). */
  noDate?: string
  isPending: boolean
  error: unknown
  retryLoad(): void
  search: string
  /** What to do first; action: a button that does it (opens the file chooser, or the add form). */
  empty: { title: string; message: string; action?: { content: string; onAction(): void } }
  pagination?: PageInfo
  onPageChange(page: number): void
  actions: KnowledgeActions
}

export function KnowledgeList<Item>(props: KnowledgeListProps<Item>) {
  const { plural, items, toRow, actions } = props
  const [deleting, setDeleting] = useState<KnowledgeRow | null>(null)
  if (props.isPending) {
    return (
      <div className="knowledge-placeholder" role="status">
        <Spinner accessibilityLabel={`Loading ${plural}`} />
      </div>
    )
  }
  // A failed refresh keeps the list it has; only a list never loaded shows the failure.
  if (!items) {
    return (
      <div className="knowledge-placeholder">
        <BlockStack gap="200" inlineAlign="center">
          <Text as="h3" variant="headingSm">{`Unable to load ${plural}`}</Text>
          <Text as="p" tone="subdued">
            {messageOf(props.error)}
          </Text>
          <Button onClick={props.retryLoad}>Try again</Button>
        </BlockStack>
      </div>
    )
  }
  if (items.length === 0) {
    const searched = props.search.trim()
    return (
      <div className="knowledge-placeholder" data-testid="knowledge-empty">
        <BlockStack gap="100" inlineAlign="center">
          <Text as="h3" variant="headingSm">
            {searched ? `No ${plural} match “${searched}”` : props.empty.title}
          </Text>
          <Text as="p" tone="subdued">
            {searched ? 'Try other words, or clear the search.' : props.empty.message}
          </Text>
          {!searched && props.empty.action ? (
            <Button onClick={props.empty.action.onAction}>{props.empty.action.content}</Button>
          ) : null}
        </BlockStack>
      </div>
    )
  }
  const page = props.pagination
  return (
    <BlockStack gap="300">
      <table className="knowledge-table" role="table">
        <caption className="visually-hidden">{plural.charAt(0).toUpperCase() + plural.slice(1)}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              Name
            </th>
            <th scope="col" role="columnheader">
              {props.dateHeader}
            </th>
            <th scope="col" role="columnheader">
              Status
            </th>
            <th scope="col" role="columnheader">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {items.map((item) => {
            const row = toRow(item)
            return (
              <tr key={row.id} role="row" data-testid="knowledge-row">
                <td role="cell" className="knowledge-table__name">
                  {props.renderName(item, row)}
                </td>
                <td role="cell" data-label={props.dateHeader}>
                  <Text as="span" variant="bodySm" tone="subdued">
                    {formatDate(row.date, props.noDate)}
                  </Text>
                </td>
                <td role="cell" data-label="Status" className="knowledge-table__status">
                  <ItemStatus row={row} />
                </td>
                <td role="cell" className="knowledge-table__actions">
                  <ItemActions row={row} actions={actions} menu={props.menuFor(item, row)} onDelete={setDeleting} />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {page && page.total_pages > 1 ? (
        <div className="knowledge-pages">
          <Pagination
            hasPrevious={page.page > 1}
            onPrevious={() => props.onPageChange(page.page - 1)}
            hasNext={page.page < page.total_pages}
            onNext={() => props.onPageChange(page.page + 1)}
            label={`Page ${page.page} of ${page.total_pages}`}
          />
        </div>
      ) : null}
      <ConfirmDeleteModal
        row={deleting}
        isDeleting={deleting !== null && actions.busy.remove === deleting.id}
        onCancel={() => setDeleting(null)}
        onConfirm={(row) => actions.remove(row, { onSuccess: () => setDeleting(null) })}
      />
    </BlockStack>
  )
}
