// API tab (SPEC section 2): a conversations endpoint, the account's masked production and development
// keys (api-keys-card.tsx) and the documentation.
import { Badge, BlockStack, Button, Card, Collapsible, InlineStack, List, Text } from '@shopify/polaris'
import { useState } from 'react'
import { ApiKeysCard } from './api-keys-card.tsx'

export function ApiAccessTab({ serverOrigin }: { serverOrigin: string }) {
  const [showsDocs, setShowsDocs] = useState(false)
  const endpoint = `${serverOrigin}/api/conversations/index/`
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Conversations endpoint
          </Text>
          <InlineStack gap="200" blockAlign="center" wrap={false}>
            <Badge tone="info">GET</Badge>
            <code className="developer-endpoint">{endpoint}</code>
          </InlineStack>
          <Text as="p" tone="subdued">
            Lists the conversations of every agent you can see; add agent_id, filter, search, page and limit to narrow
            it.
          </Text>
        </BlockStack>
      </Card>
      <ApiKeysCard />
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Documentation
          </Text>
          <InlineStack>
            <Button onClick={() => setShowsDocs((shown) => !shown)} ariaExpanded={showsDocs} ariaControls="api-docs">
              {showsDocs ? 'Hide Documentation' : 'View Documentation'}
            </Button>
          </InlineStack>
          <Collapsible id="api-docs" open={showsDocs}>
            <List>
              <List.Item>Every path starts with {serverOrigin}/api and ends with a slash; answers are JSON.</List.Item>
              <List.Item>
                Authorization: Bearer followed by an API key from above (agents, knowledge and conversations calls), or
                by the access token POST /accounts/login/ answers.
              </List.Item>
              <List.Item>
                GET /conversations/index/ lists conversations; GET /conversations/{'{agentId}'}/{'{conversationId}'}
                /messages/ reads one.
              </List.Item>
              <List.Item>
                POST /conversations/chat/{'{agentId}'}/{'{conversationId}'}/ with message_text sends a message and
                answers the reply.
              </List.Item>
              <List.Item>
                Failures answer a status and a message; 401 with reason token_expired means: refresh the token and
                retry.
              </List.Item>
            </List>
          </Collapsible>
        </BlockStack>
      </Card>
    </BlockStack>
  )
}
