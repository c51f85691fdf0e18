// SPEC section 2, Agent detail, Texts tab: search, the Add Text form, and the texts with embed, update
// and delete; live progress while one is being embedded.
import { BlockStack, Card, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useApi } from '../../api/api-context.tsx'
import { AccessNote } from '../agents/agent-access.tsx'
import { EmbedAllButton } from './embed-all-button.tsx'
import { AddTextForm, ADD_TEXT_NAME_ID } from './add-text-form.tsx'
import { EditTextModal } from './edit-text-modal.tsx'
import { KnowledgeList } from './knowledge-list.tsx'
import { textRow } from './knowledge-rows.ts'
import { emptyKnowledge } from './empty-knowledge.ts'
import { focusField } from './focus-field.ts'
import { textsQuery } from './knowledge.queries.ts'
import type { TextItem } from './knowledge.types.ts'
import { SearchField } from '../../shared/search-field.tsx'
import { useKnowledgeActions } from './use-knowledge-actions.ts'
import { useListFilter } from './use-list-filter.ts'
import { useTrainsAutomatically } from './use-trains-automatically.ts'

const PREVIEW_CHARACTERS = 160

function TextName({ text, name }: { text: TextItem; name: string }) {
  return (
    <div className="knowledge-name__text">
      <Text as="p" fontWeight="semibold">
        {name}
      </Text>
      <span className="knowledge-name__preview">
        <Text as="span" variant="bodySm" tone="subdued">
          {text.text_content.slice(0, PREVIEW_CHARACTERS)}
        </Text>
      </span>
    </div>
  )
}

export function TextsTab({ agentId }: { agentId: string }) {
  const client = useApi()
  const { searchText, setSearchText, filter, setPage } = useListFilter()
  const texts = useQuery(textsQuery(client, agentId, filter))
  const actions = useKnowledgeActions(agentId)
  const [editing, setEditing] = useState<TextItem | null>(null)
  const empty = emptyKnowledge({
    kind: 'text',
    trainsAutomatically: useTrainsAutomatically(agentId),
    canEdit: actions.canEdit,
  })
  return (
    <div className="knowledge-tab">
      {actions.canEdit ? (
        <AddTextForm agentId={agentId} />
      ) : (
        <AccessNote need="edit">
          Only the agent&apos;s owner or a team admin can add, change, embed or delete its texts.
        </AccessNote>
      )}
      <Card>
        <BlockStack gap="300">
          <div className="knowledge-toolbar">
            <div className="knowledge-toolbar__search">
              <SearchField label="Search texts" value={searchText} onChange={setSearchText} />
            </div>
            <EmbedAllButton kind="text" pending={texts.data?.pending_count} actions={actions} />
          </div>
          <KnowledgeList
            plural="texts"
            items={texts.data?.texts}
            toRow={textRow}
            renderName={(text, row) => <TextName text={text} name={row.name} />}
            menuFor={(text) => (actions.canEdit ? [{ content: 'Update', onAction: () => setEditing(text) }] : [])}
            dateHeader="Added"
            isPending={texts.isPending}
            error={texts.error}
            retryLoad={() => void texts.refetch()}
            search={filter.search}
            empty={{
              title: empty.title,
              message: empty.message,
              action: empty.actionLabel
                ? { content: empty.actionLabel, onAction: () => focusField(ADD_TEXT_NAME_ID) }
                : undefined,
            }}
            pagination={texts.data?.pagination}
            onPageChange={setPage}
            actions={actions}
          />
        </BlockStack>
      </Card>
      {editing ? (
        <EditTextModal key={editing.text_id} agentId={agentId} text={editing} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  )
}
