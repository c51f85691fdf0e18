// An agent's Leads tab (issue 21): the contacts visitors left in the widget (its collect e-mail setting),
// searched on the server, a page at a time, newest first; Export CSV downloads every one that matches;
// Delete erases a lead with everything kept about that visitor (issue 36).
import { Banner, BlockStack, Button, Card, Link, SkeletonBodyText, Text } from '@shopify/polaris'
import { ExportIcon } from '@shopify/polaris-icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { LeadList, LeadView } from '#server/leads/leads.schemas.ts'
import { useApi } from '../../api/api-context.tsx'
import { downloadFile } from '../../api/download-file.ts'
import { useDebouncedValue } from '../../app/use-debounced-value.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { formatDate } from '../../shared/format/format-dates.ts'
import { SearchField } from '../../shared/search-field.tsx'
import '../../shared/stacked-table.css'
import { AccessNote, useAgentCan } from '../agents/agent-access.tsx'
import { AgentPagination } from '../agents/agent-pagination.tsx'
import { DeleteLeadButton } from './delete-lead.tsx'
import './leads.css'
import { agentDataRoutes } from '../../api/routes/agent-data-routes.ts'

const PAGE_SIZE = 20

export function LeadsTab({ agentId }: { agentId: string }) {
  const client = useApi()
  const toaster = useToast()
  const [searchText, setSearchText] = useState('')
  const [page, setPage] = useState(1)
  const search = useDebouncedValue(searchText.trim(), 300)
  const [searchedFor, setSearchedFor] = useState(search)
  if (searchedFor !== search) {
    setSearchedFor(search)
    setPage(1)
  }
  const leads = useQuery({
    queryKey: ['leads', agentId, search, page],
    queryFn: () =>
      client.call(agentDataRoutes.leads, {
        params: { agentId },
        query: { page, page_size: PAGE_SIZE, search: search || undefined },
      }),
    placeholderData: keepPreviousData,
  })
  const [exporting, setExporting] = useState(false)
  // Deleting a lead erases the visitor's chats too: for those who edit the agent (docs/permissions.md).
  const canErase = useAgentCan(agentId, 'edit')
  const exportCsv = async () => {
    setExporting(true)
    try {
      await downloadFile({
        read: () =>
          client.call(agentDataRoutes.leadsCsv, {
            params: { agentId },
            query: { format: 'csv', search: search || undefined },
          }),
        fileName: `leads-${agentId}.csv`,
        type: 'text/csv',
      })
    } catch (failure) {
      toaster.error('Export failed', failure instanceof Error ? failure.message : 'Please try again.')
    } finally {
      setExporting(false)
    }
  }

  return (
    <div className="leads-tab">
      <Card>
        <BlockStack gap="300">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              Leads
            </Text>
            <Text as="p" tone="subdued">
              Visitors who left their e-mail in the chat widget. Turn on Collect user e-mail in a widget&apos;s Behavior
              settings to ask for it.
            </Text>
            {canErase ? null : (
              <AccessNote need="edit">Only the agent&apos;s owner or a team admin can delete leads.</AccessNote>
            )}
          </BlockStack>
          <div className="leads-toolbar">
            <div className="leads-toolbar__search">
              <SearchField label="Search leads" value={searchText} onChange={setSearchText} />
            </div>
            <Button
              icon={ExportIcon}
              loading={exporting}
              disabled={!leads.data || leads.data.pagination.total_count === 0}
              onClick={() => void exportCsv()}
            >
              Export CSV
            </Button>
          </div>
          <LeadsTable agentId={agentId} leads={leads} search={search} canErase={canErase} />
          {leads.data ? (
            <AgentPagination page={page} totalPages={leads.data.pagination.total_pages} onPage={setPage} />
          ) : null}
        </BlockStack>
      </Card>
    </div>
  )
}

function LeadsTable({
  agentId,
  leads,
  search,
  canErase,
}: {
  agentId: string
  canErase: boolean
  leads: { data?: LeadList | undefined; isPending: boolean; isError: boolean; error: Error | null }
  search: string
}) {
  if (leads.isPending)
    return (
      <div role="status" aria-label="Loading leads">
        <SkeletonBodyText lines={4} />
      </div>
    )
  if (leads.isError || !leads.data)
    return (
      <Banner tone="critical" title="Unable to load leads">
        {leads.error?.message || 'Please try again.'}
      </Banner>
    )
  if (leads.data.leads.length === 0)
    return (
      <div className="leads-placeholder">
        <Text as="p" tone="subdued">
          {search ? `No leads match “${search}”.` : 'No leads yet.'}
        </Text>
      </div>
    )
  return (
    <table className="leads-table stacked-table" aria-label="Leads">
      <thead>
        <tr>
          <th scope="col">E-mail</th>
          <th scope="col">Name</th>
          <th scope="col">Page</th>
          <th scope="col">Captured</th>
          <th scope="col">Conversation</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {leads.data.leads.map((lead) => (
          <LeadRow key={lead.lead_id} agentId={agentId} lead={lead} canErase={canErase} />
        ))}
      </tbody>
    </table>
  )
}

function LeadRow({ agentId, lead, canErase }: { agentId: string; lead: LeadView; canErase: boolean }) {
  return (
    <tr data-testid="lead-row">
      <td data-label="E-mail">
        <Link url={`mailto:${lead.email}`} removeUnderline>
          {lead.email}
        </Link>
      </td>
      <td data-label="Name">{lead.name ?? '—'}</td>
      <td data-label="Page">
        {lead.page_url ? (
          <Link url={lead.page_url} target="_blank" removeUnderline>
            {lead.page_url.replace(/^https?:\/\//, '')}
          </Link>
        ) : (
          (lead.website_name ?? '—')
        )}
      </td>
      <td data-label="Captured">{formatDate(lead.created_at)}</td>
      <td data-label="Conversation">
        {lead.conversation_id ? <Link url={`/app/conversations?conversation=${lead.conversation_id}`}>Open</Link> : '—'}
      </td>
      <td data-label="Actions">{canErase ? <DeleteLeadButton agentId={agentId} lead={lead} /> : '—'}</td>
    </tr>
  )
}
