// The website cell (logo and name) and the status badge, shared by the table and the narrow list.
import { Badge, InlineStack, Text, Thumbnail } from '@shopify/polaris'
import { ImageIcon } from '@shopify/polaris-icons'
import type { WidgetIntegration } from './widget.types.ts'

export function IntegrationWebsite({ integration }: { integration: WidgetIntegration }) {
  return (
    <InlineStack gap="200" blockAlign="center" wrap={false}>
      <Thumbnail size="extraSmall" alt="" source={integration.website_logo ?? ImageIcon} />
      <Text as="span" fontWeight="semibold">
        {integration.website_name}
      </Text>
    </InlineStack>
  )
}

/** SPEC section 2: Active unless is_active is false. */
export function IntegrationStatus({ integration }: { integration: WidgetIntegration }) {
  const isActive = integration.is_active !== false
  return <Badge tone={isActive ? 'success' : undefined}>{isActive ? 'Active' : 'Inactive'}</Badge>
}

export const createdDate = (integration: WidgetIntegration) => new Date(integration.created_at).toLocaleDateString()
