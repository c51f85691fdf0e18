// A crawled website's pages on its row: Show pages opens the list its crawls read (embedded or only
// read) and the pages the last crawl skipped, each with why. Read only when opened.
import { Badge, BlockStack, Button, InlineStack, Spinner, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { WebsitePages } from '#server/knowledge/knowledge.schemas.ts'
import { useApi } from '../../api/api-context.tsx'
import { messageOf } from '../../feedback/report-error.ts'
import { knowledgeRoutes } from '../../api/routes/knowledge-routes.ts'

const STATUS: Record<WebsitePages['pages'][number]['status'], [string, 'success' | 'info' | 'warning']> = {
  embedded: ['Embedded', 'success'],
  read: ['Read', 'info'],
  skipped: ['Skipped', 'warning'],
}

export interface WebsitePagesListProps {
  agentId: string
  websiteId: string
  name: string
  /** What the row knows of the website's state (crawled when, embedded or not): the list is read again when it changes. */
  version: string
}

export function WebsitePagesList({ agentId, websiteId, name, version }: WebsitePagesListProps) {
  const client = useApi()
  const listId = useId()
  const [isOpen, setOpen] = useState(false)
  const pages = useQuery({
    queryKey: ['agents', agentId, 'knowledge', 'website', websiteId, 'pages', version],
    queryFn: () => client.call(knowledgeRoutes.websitePages, { params: { agentId, itemId: websiteId } }),
    enabled: isOpen,
  })
  return (
    <div className="website-pages">
      <Button
        variant="plain"
        disclosure={isOpen ? 'up' : 'down'}
        onClick={() => setOpen((open) => !open)}
        ariaExpanded={isOpen}
        ariaControls={listId}
        accessibilityLabel={`${isOpen ? 'Hide' : 'Show'} the pages of ${name}`}
      >
        {isOpen ? 'Hide pages' : 'Show pages'}
      </Button>
      {isOpen ? (
        <div id={listId}>
          {pages.isPending ? (
            <Spinner size="small" accessibilityLabel={`Loading the pages of ${name}`} />
          ) : pages.error ? (
            <Text as="p" tone="critical" variant="bodySm">{`Unable to load the pages: ${messageOf(pages.error)}`}</Text>
          ) : pages.data.pages.length === 0 ? (
            <Text as="p" tone="subdued" variant="bodySm">
              No pages read yet: they appear here once the crawl has read them.
            </Text>
          ) : (
            <ul className="website-pages__list" aria-label={`Pages of ${name}`}>
              {pages.data.pages.map((page) => {
                const [label, tone] = STATUS[page.status]
                return (
                  <li key={`${page.status}:${page.url}`} className="website-pages__page">
                    <BlockStack gap="050">
                      <InlineStack gap="200" blockAlign="center" wrap={false}>
                        <Badge tone={tone}>{label}</Badge>
                        <a href={page.url} target="_blank" rel="noopener noreferrer" className="website-pages__url">
                          {page.title || page.url}
                        </a>
                      </InlineStack>
                      {page.reason ? (
                        <Text as="span" variant="bodySm" tone="subdued">
                          {page.reason}
                        </Text>
                      ) : null}
                    </BlockStack>
                  </li>
                )
              })}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  )
}
