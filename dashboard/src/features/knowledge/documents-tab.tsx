// SPEC section 2, Agent detail, Documents tab: search, upload, and the documents with embed, update,
// download and delete; live progress while one is read or embedded.
import { BlockStack, Card, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useApi } from '../../api/api-context.tsx'
import { AccessNote } from '../agents/agent-access.tsx'
import { EmbedAllButton } from './embed-all-button.tsx'
import { DocumentFormatIcon, formatName } from './document-format-icon.tsx'
import { DocumentUpload } from './document-upload.tsx'
import { EditDocumentModal } from './edit-document-modal.tsx'
import { KnowledgeList } from './knowledge-list.tsx'
import { documentRow } from './knowledge-rows.ts'
import { emptyKnowledge } from './empty-knowledge.ts'
import { documentsQuery } from './knowledge.queries.ts'
import type { DocumentItem } from './knowledge.types.ts'
import { SearchField } from '../../shared/search-field.tsx'
import { useKnowledgeActions } from './use-knowledge-actions.ts'
import { useListFilter } from './use-list-filter.ts'
import { useTrainsAutomatically } from './use-trains-automatically.ts'

function DocumentName({ document }: { document: DocumentItem }) {
  return (
    <div className="knowledge-name">
      <DocumentFormatIcon format={document.document_format} />
      <div className="knowledge-name__text">
        <Text as="p" fontWeight="semibold">
          {document.document_name}
        </Text>
        <Text as="p" variant="bodySm" tone="subdued">
          {`${formatName(document.document_format)} · ${document.document_size}`}
        </Text>
        {document.document_description ? (
          <Text as="p" variant="bodySm" tone="subdued">
            {document.document_description}
          </Text>
        ) : null}
      </div>
    </div>
  )
}

export function DocumentsTab({ agentId }: { agentId: string }) {
  const client = useApi()
  const { searchText, setSearchText, filter, setPage } = useListFilter()
  const documents = useQuery(documentsQuery(client, agentId, filter))
  const actions = useKnowledgeActions(agentId)
  const [editing, setEditing] = useState<DocumentItem | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const empty = emptyKnowledge({
    kind: 'document',
    trainsAutomatically: useTrainsAutomatically(agentId),
    canEdit: actions.canEdit,
  })
  return (
    <div className="knowledge-tab">
      <Card>
        <BlockStack gap="300">
          <div className="knowledge-toolbar">
            <div className="knowledge-toolbar__search">
              <SearchField label="Search documents" value={searchText} onChange={setSearchText} />
            </div>
            <EmbedAllButton kind="document" pending={documents.data?.pending_count} actions={actions} />
            {actions.canEdit ? <DocumentUpload agentId={agentId} fileInput={fileInput} /> : null}
          </div>
          {actions.canEdit ? (
            <Text as="p" variant="bodySm" tone="subdued">
              PDF, Word (.docx), text, CSV or JSON files up to 50MB.
            </Text>
          ) : (
            <AccessNote need="edit">
              Only the agent&apos;s owner or a team admin can upload, change, embed or delete its documents.
            </AccessNote>
          )}
          <KnowledgeList
            plural="documents"
            items={documents.data?.documents}
            toRow={documentRow}
            renderName={(document) => <DocumentName document={document} />}
            menuFor={(document, row) => [
              {
                content: 'Download',
                onAction: () => actions.download(row),
                disabled: actions.busy.download === row.id,
              },
              ...(actions.canEdit ? [{ content: 'Update', onAction: () => setEditing(document) }] : []),
            ]}
            dateHeader="Added"
            isPending={documents.isPending}
            error={documents.error}
            retryLoad={() => void documents.refetch()}
            search={filter.search}
            empty={{
              title: empty.title,
              message: empty.message,
              action: empty.actionLabel
                ? { content: empty.actionLabel, onAction: () => fileInput.current?.click() }
                : undefined,
            }}
            pagination={documents.data?.pagination}
            onPageChange={setPage}
            actions={actions}
          />
        </BlockStack>
      </Card>
      {editing ? (
        <EditDocumentModal
          key={editing.document_id}
          agentId={agentId}
          document={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  )
}
