// API tab (SPEC section 2): a conversations endpoint, masked keys and the documentation. Personal API
// keys are not issued by the server; the keys are masked placeholders and the text says how calls are
// really authorised today (a signed-in user's bearer token).
import { Badge, BlockStack, Button, Card, Collapsible, InlineStack, List, Text, TextField } from '@shopify/polaris'
import { useState } from 'react'

const MASKED_KEY = '••••••••••••••••••••••••'

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
            <code className="integrations-endpoint">{endpoint}</code>
          </InlineStack>
          <Text as="p" tone="subdued">
            Lists the conversations of every agent you can see; add agent_id, filter, search, page and limit to narrow
            it.
          </Text>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            API keys
          </Text>
          <TextField label="Production key" value={MASKED_KEY} readOnly autoComplete="off" helpText="Not issued yet." />
          <TextField
            label="Development key"
            value={MASKED_KEY}
            readOnly
            autoComplete="off"
            helpText="Not issued yet."
          />
          <Text as="p" tone="subdued">
            Until keys are issued, calls are authorised with a signed-in user's access token: Authorization: Bearer
            &lt;access token&gt;.
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
                POST /accounts/login/ with email and password answers the access and refresh tokens.
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
