// An agent's widget integrations (SPEC section 2): website, domain, status, created date and actions
// (copy code, switch on or off, delete after confirming). A table on wide screens, a list under 768 px
// where five columns would not fit. Loading keeps the list's room reserved.
import { BlockStack, Button, IndexTable, InlineStack, Spinner, Text, useBreakpoints } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { generalWebsiteEmbedCode } from '#shared/embed-code.ts'
import { useApi } from '../../api/api-context.tsx'
import { DeleteIntegrationModal } from './delete-integration-modal.tsx'
import { IntegrationActions } from './integration-actions.tsx'
import { createdDate, IntegrationStatus, IntegrationWebsite } from './integration-summary.tsx'
import { useCopyCode } from './use-copy-code.ts'
import { useDeleteIntegration } from './use-delete-integration.ts'
import { useSetIntegrationActive } from './use-set-integration-active.ts'
import type { WidgetIntegration } from './widget.types.ts'
import { widgetIntegrationsQuery } from './widgets.queries.ts'
import './integrations-table.css'

export function IntegrationsTable({
  agentId,
  serverOrigin,
  onEdit,
  canEdit,
}: {
  agentId: string
  serverOrigin: string
  onEdit(integration: WidgetIntegration): void
  /** Whether the caller may change the agent's widgets: without it, only Copy code. */
  canEdit: boolean
}) {
  const client = useApi()
  const list = useQuery(widgetIntegrationsQuery(client, agentId))
  const copy = useCopyCode()
  const remove = useDeleteIntegration()
  const setActive = useSetIntegrationActive()
  const [confirming, setConfirming] = useState<WidgetIntegration | null>(null)
  const { mdDown: isNarrow } = useBreakpoints()

  if (list.isPending) {
    return (
      <div className="integrations-table__state" role="status">
        <Spinner size="small" accessibilityLabel="Loading integrations" />
      </div>
    )
  }
  if (list.isError) {
    return (
      <div className="integrations-table__state">
        <InlineStack gap="200" blockAlign="center">
          <Text as="p" tone="critical">
            {list.error.message}
          </Text>
          <Button variant="plain" onClick={() => void list.refetch()}>
            Retry
          </Button>
        </InlineStack>
      </div>
    )
  }
  const integrations = list.data.integrations
  if (integrations.length === 0) {
    return (
      <div className="integrations-table__state">
        <Text as="p" tone="subdued">
          No integrations found for this agent.
        </Text>
      </div>
    )
  }

  const actions = (integration: WidgetIntegration) => (
    <IntegrationActions
      integration={integration}
      isSwitching={
        setActive.isPending && setActive.variables?.integration.integration_id === integration.integration_id
      }
      canSwitch={!setActive.isPending}
      canEdit={canEdit}
      onCopy={() =>
        void copy(generalWebsiteEmbedCode(serverOrigin, integration.client_key), {
          title: 'Code Copied!',
          message: 'The integration code has been copied to your clipboard.',
        })
      }
      onEdit={() => onEdit(integration)}
      onSwitch={(isActive) => setActive.mutate({ integration, isActive })}
      onDelete={() => setConfirming(integration)}
    />
  )

  return (
    <>
      {isNarrow ? (
        <ul className="integrations-narrow" aria-label="Widget integrations">
          {integrations.map((integration) => (
            <li key={integration.integration_id} className="integrations-narrow__item">
              <BlockStack gap="200">
                <InlineStack align="space-between" blockAlign="center" gap="200">
                  <IntegrationWebsite integration={integration} />
                  <IntegrationStatus integration={integration} />
                </InlineStack>
                <Text as="p" tone="subdued">
                  {integration.website_domain} · Created {createdDate(integration)}
                </Text>
                {actions(integration)}
              </BlockStack>
            </li>
          ))}
        </ul>
      ) : (
        <IndexTable
          resourceName={{ singular: 'integration', plural: 'integrations' }}
          itemCount={integrations.length}
          selectable={false}
          headings={[
            { title: 'Website' },
            { title: 'Domain' },
            { title: 'Status' },
            { title: 'Created' },
            { title: 'Actions', alignment: 'end' },
          ]}
        >
          {integrations.map((integration, index) => (
            <IndexTable.Row id={integration.integration_id} key={integration.integration_id} position={index}>
              <IndexTable.Cell>
                <IntegrationWebsite integration={integration} />
              </IndexTable.Cell>
              <IndexTable.Cell>{integration.website_domain}</IndexTable.Cell>
              <IndexTable.Cell>
                <IntegrationStatus integration={integration} />
              </IndexTable.Cell>
              <IndexTable.Cell>{createdDate(integration)}</IndexTable.Cell>
              <IndexTable.Cell>
                <InlineStack align="end">{actions(integration)}</InlineStack>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      )}
      <DeleteIntegrationModal
        integration={confirming}
        isDeleting={remove.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={(integration) => remove.mutate(integration, { onSettled: () => setConfirming(null) })}
      />
    </>
  )
}
