// An agent's widget integrations (SPEC section 2): website, domain, status, created date and actions
// (copy code, switch on or off, delete after confirming). Loading keeps the table's room reserved.
import { Badge, Button, ButtonGroup, IndexTable, InlineStack, Spinner, Text, Thumbnail } from '@shopify/polaris'
import { ClipboardIcon, DeleteIcon, ImageIcon } from '@shopify/polaris-icons'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import './integrations-table.css'
import { generalWebsiteEmbedCode } from '../../../../shared/embed-code.ts'
import { useApi } from '../../api/api-context.tsx'
import { DeleteIntegrationModal } from './delete-integration-modal.tsx'
import { useCopyCode } from './use-copy-code.ts'
import { useDeleteIntegration } from './use-delete-integration.ts'
import { useSetIntegrationActive } from './use-set-integration-active.ts'
import type { WidgetIntegration } from './widget.types.ts'
import { widgetIntegrationsQuery } from './widgets.queries.ts'

export function IntegrationsTable({ agentId, serverOrigin }: { agentId: string; serverOrigin: string }) {
  const client = useApi()
  const list = useQuery(widgetIntegrationsQuery(client, agentId))
  const copy = useCopyCode()
  const remove = useDeleteIntegration()
  const setActive = useSetIntegrationActive()
  const [confirming, setConfirming] = useState<WidgetIntegration | null>(null)

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
  return (
    <>
      <IndexTable
        resourceName={{ singular: 'integration', plural: 'integrations' }}
        itemCount={integrations.length}
        selectable={false}
        headings={[{ title: 'Website' }, { title: 'Domain' }, { title: 'Status' }, { title: 'Created' }, { title: 'Actions', alignment: 'end' }]}
      >
        {integrations.map((integration, index) => {
          const isActive = integration.is_active !== false
          const switching = setActive.isPending && setActive.variables?.integration.integration_id === integration.integration_id
          return (
            <IndexTable.Row id={integration.integration_id} key={integration.integration_id} position={index}>
              <IndexTable.Cell>
                <InlineStack gap="200" blockAlign="center" wrap={false}>
                  <Thumbnail size="extraSmall" alt="" source={integration.website_logo ?? ImageIcon} />
                  <Text as="span" fontWeight="semibold">
                    {integration.website_name}
                  </Text>
                </InlineStack>
              </IndexTable.Cell>
              <IndexTable.Cell>{integration.website_domain}</IndexTable.Cell>
              <IndexTable.Cell>
                <Badge tone={isActive ? 'success' : undefined}>{isActive ? 'Active' : 'Inactive'}</Badge>
              </IndexTable.Cell>
              <IndexTable.Cell>{new Date(integration.created_at).toLocaleDateString()}</IndexTable.Cell>
              <IndexTable.Cell>
                <InlineStack align="end">
                  <ButtonGroup noWrap>
                    <Button
                      icon={ClipboardIcon}
                      accessibilityLabel={`Copy code for ${integration.website_name}`}
                      onClick={() => void copy(generalWebsiteEmbedCode(serverOrigin, integration.client_key), { title: 'Code Copied!', message: 'The integration code has been copied to your clipboard.' })}
                    />
                    <Button loading={switching} disabled={setActive.isPending} accessibilityLabel={`${isActive ? 'Deactivate' : 'Activate'} ${integration.website_name}`} onClick={() => setActive.mutate({ integration, isActive: !isActive })}>
                      {isActive ? 'Deactivate' : 'Activate'}
                    </Button>
                    <Button icon={DeleteIcon} tone="critical" accessibilityLabel={`Delete ${integration.website_name}`} onClick={() => setConfirming(integration)} />
                  </ButtonGroup>
                </InlineStack>
              </IndexTable.Cell>
            </IndexTable.Row>
          )
        })}
      </IndexTable>
      <DeleteIntegrationModal
        integration={confirming}
        isDeleting={remove.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={(integration) => remove.mutate(integration, { onSettled: () => setConfirming(null) })}
      />
    </>
  )
}
