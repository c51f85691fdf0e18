// Deleting a lead (issue 36): the confirmation names what goes with it, read from the server first
// (the lead, the visitor's conversations with their messages and files), then the lead is erased.
import { Banner, Button, Modal, SkeletonBodyText, Text } from '@shopify/polaris'
import { DeleteIcon } from '@shopify/polaris-icons'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { LeadErasurePreview, VisitorErasure } from '#server/leads/erasure.schemas.ts'
import type { LeadView } from '#server/leads/leads.schemas.ts'
import { useApi } from '../../api/api-context.tsx'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { agentDataRoutes } from '../../api/routes/agent-data-routes.ts'

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** The confirmation's words: everything that goes, counted. */
function erasureSummary(email: string, preview: LeadErasurePreview) {
  const conversations = plural(preview.conversations, 'conversation', 'conversations')
  const messages = plural(preview.messages, 'message', 'messages')
  const files = plural(preview.attachments, 'file', 'files')
  const otherLeads = preview.leads > 1 ? ` and ${plural(preview.leads - 1, 'other lead', 'other leads')}` : ''
  return `This deletes the lead ${email}${otherLeads}, ${conversations} with this visitor and their ${messages} and ${files}, for good. It cannot be undone.`
}

export function DeleteLeadButton({ agentId, lead }: { agentId: string; lead: LeadView }) {
  const client = useApi()
  const [isConfirming, setIsConfirming] = useState(false)
  const preview = useQuery({
    queryKey: ['leads', agentId, 'erasure', lead.lead_id],
    queryFn: () => client.call(agentDataRoutes.leadErasure, { params: { agentId, leadId: lead.lead_id } }),
    enabled: isConfirming,
    staleTime: 0,
    gcTime: 0,
  })
  const erase = useApiMutation<void, VisitorErasure>({
    run: (api) => api.call(agentDataRoutes.deleteLead, { params: { agentId, leadId: lead.lead_id } }),
    errorTitle: 'Failed to delete lead',
    successToast: { title: 'Lead deleted', message: `${lead.email} and their conversations are gone.` },
    invalidates: [['leads', agentId]],
    onSuccess: () => setIsConfirming(false),
  })
  const close = () => {
    if (!erase.isPending) setIsConfirming(false)
  }
  return (
    <>
      <Button
        icon={DeleteIcon}
        tone="critical"
        variant="plain"
        accessibilityLabel={`Delete lead ${lead.email}`}
        onClick={() => setIsConfirming(true)}
      >
        Delete
      </Button>
      <Modal
        open={isConfirming}
        onClose={close}
        title="Delete this lead?"
        primaryAction={{
          content: 'Delete lead',
          destructive: true,
          loading: erase.isPending,
          disabled: !preview.data,
          onAction: () => erase.mutate(),
        }}
        secondaryActions={[{ content: 'Cancel', onAction: close, disabled: erase.isPending }]}
      >
        <Modal.Section>
          {preview.isError ? (
            <Banner tone="critical" title="Unable to load what would be deleted">
              {preview.error.message || 'Please try again.'}
            </Banner>
          ) : preview.data ? (
            <Text as="p">{erasureSummary(lead.email, preview.data)}</Text>
          ) : (
            <div role="status" aria-label="Counting what would be deleted">
              <SkeletonBodyText lines={2} />
            </div>
          )}
        </Modal.Section>
      </Modal>
    </>
  )
}
