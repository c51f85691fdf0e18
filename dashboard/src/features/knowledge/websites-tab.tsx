// SPEC section 2, Agent detail, Websites tab: search, the Add Page form, and the websites with their
// crawl state (pending, crawled, available, failed), re-crawl, embed, update and delete; live progress
// while one is crawled or embedded.
import { BlockStack, Card, Icon, Text } from '@shopify/polaris'
import { GlobeIcon } from '@shopify/polaris-icons'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useApi } from '../../api/api-context.tsx'
import { AccessNote } from '../agents/agent-access.tsx'
import { EmbedAllButton } from './embed-all-button.tsx'
import { AddWebsiteForm, ADD_WEBSITE_NAME_ID } from './add-website-form.tsx'
import { EditWebsiteModal } from './edit-website-modal.tsx'
import { KnowledgeList } from './knowledge-list.tsx'
import { websiteRow } from './knowledge-rows.ts'
import { emptyKnowledge } from './empty-knowledge.ts'
import { isJobActive, websitesQuery } from './knowledge.queries.ts'
import type { WebsiteItem } from './knowledge.types.ts'
import { SearchField } from '../../shared/search-field.tsx'
import { useKnowledgeActions } from './use-knowledge-actions.ts'
import { useListFilter } from './use-list-filter.ts'
import { useTrainsAutomatically } from './use-trains-automatically.ts'
import { WebsitePagesList } from './website-pages.tsx'
import { focusField } from './focus-field.ts'

function scopeOf(website: WebsiteItem) {
  const scope = website.crawling ? `Whole site, up to ${website.max_pages ?? 50} pages` : 'This page only'
  const pages = website.pages_crawled
    ? ` · ${website.pages_crawled} ${website.pages_crawled === 1 ? 'page' : 'pages'} read`
    : ''
  return scope + pages
}

function WebsiteName({ agentId, website }: { agentId: string; website: WebsiteItem }) {
  return (
    <div className="knowledge-name">
      <span className="knowledge-name__icon">
        <Icon source={GlobeIcon} tone="subdued" />
      </span>
      <div className="knowledge-name__text">
        <Text as="p" fontWeight="semibold">
          {website.website_name}
        </Text>
        <a href={website.website_url} target="_blank" rel="noopener noreferrer">
          {website.website_url}
        </a>
        <Text as="p" variant="bodySm" tone="subdued">
          {scopeOf(website)}
        </Text>
        {website.pages_crawled > 0 || website.content_status !== 'pending' ? (
          <WebsitePagesList
            agentId={agentId}
            websiteId={website.website_id}
            name={website.website_name}
            version={`${website.last_crawled_at}:${website.embedded}:${website.job?.status ?? ''}`}
          />
        ) : null}
      </div>
    </div>
  )
}

export function WebsitesTab({ agentId }: { agentId: string }) {
  const client = useApi()
  const { searchText, setSearchText, filter, setPage } = useListFilter()
  const websites = useQuery(websitesQuery(client, agentId, filter))
  const actions = useKnowledgeActions(agentId)
  const [editing, setEditing] = useState<WebsiteItem | null>(null)
  const empty = emptyKnowledge({
    kind: 'website',
    trainsAutomatically: useTrainsAutomatically(agentId),
    canEdit: actions.canEdit,
  })
  return (
    <div className="knowledge-tab">
      {actions.canEdit ? (
        <AddWebsiteForm agentId={agentId} />
      ) : (
        <AccessNote need="edit">
          Only the agent&apos;s owner or a team admin can add, crawl, change, embed or delete its websites.
        </AccessNote>
      )}
      <Card>
        <BlockStack gap="300">
          <div className="knowledge-toolbar">
            <div className="knowledge-toolbar__search">
              <SearchField label="Search websites" value={searchText} onChange={setSearchText} />
            </div>
            <EmbedAllButton kind="website" pending={websites.data?.pending_count} actions={actions} />
          </div>
          <KnowledgeList
            plural="websites"
            items={websites.data?.websites}
            toRow={websiteRow}
            renderName={(website) => <WebsiteName agentId={agentId} website={website} />}
            menuFor={(website, row) =>
              actions.canEdit
                ? [
                    {
                      content: 'Re-crawl',
                      onAction: () => actions.recrawl(row),
                      disabled: isJobActive(row.job) || actions.busy.recrawl === row.id,
                    },
                    { content: 'Update', onAction: () => setEditing(website) },
                  ]
                : []
            }
            dateHeader="Last crawled"
            noDate="Not crawled yet"
            isPending={websites.isPending}
            error={websites.error}
            retryLoad={() => void websites.refetch()}
            search={filter.search}
            empty={{
              title: empty.title,
              message: empty.message,
              action: empty.actionLabel
                ? { content: empty.actionLabel, onAction: () => focusField(ADD_WEBSITE_NAME_ID) }
                : undefined,
            }}
            pagination={websites.data?.pagination}
            onPageChange={setPage}
            actions={actions}
          />
        </BlockStack>
      </Card>
      {editing ? (
        <EditWebsiteModal
          key={editing.website_id}
          agentId={agentId}
          website={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  )
}
