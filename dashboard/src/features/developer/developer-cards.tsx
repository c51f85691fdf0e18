// The three cards at the top of the Integrations page (SPEC section 2). Configure goes to /app/widget:
// the SPEC's /widget is not a route and would land on the 404 page.
import { BlockStack, Box, Button, Card, Icon, InlineGrid, InlineStack, Text } from '@shopify/polaris'
import { CodeIcon, ConnectIcon, GlobeIcon } from '@shopify/polaris-icons'
import type { ReactNode } from 'react'

function IntegrationCard({
  icon,
  title,
  description,
  action,
}: {
  icon: typeof GlobeIcon
  title: string
  description: string
  action: ReactNode
}) {
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center" wrap={false}>
          <Box>
            <Icon source={icon} tone="base" />
          </Box>
          <Text as="h2" variant="headingMd">
            {title}
          </Text>
        </InlineStack>
        <Text as="p" tone="subdued">
          {description}
        </Text>
        <InlineStack>{action}</InlineStack>
      </BlockStack>
    </Card>
  )
}

export function DeveloperCards({ onShowTab }: { onShowTab(tab: 'api' | 'zapier'): void }) {
  return (
    <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
      <IntegrationCard
        icon={GlobeIcon}
        title="Website Widget"
        description="Add an AI chat widget to any website or Shopify store."
        action={<Button url="/app/widget">Configure</Button>}
      />
      <IntegrationCard
        icon={CodeIcon}
        title="API Access"
        description="Read and continue conversations from your own code."
        action={<Button onClick={() => onShowTab('api')}>View Documentation</Button>}
      />
      <IntegrationCard
        icon={ConnectIcon}
        title="Zapier"
        description="Send chat events to 3,000+ apps through Zapier."
        action={<Button onClick={() => onShowTab('zapier')}>Connect</Button>}
      />
    </InlineGrid>
  )
}
