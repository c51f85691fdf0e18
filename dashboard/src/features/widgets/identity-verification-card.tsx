// Identity verification for one integration (issue 21): a secret the site's server signs its signed-in
// users' visitor tokens with (HS256 JWT: sub, exp, optional email and name), shown once; the widget then
// carries that user's chats to any device and the team sees who they are. Turning it off refuses tokens.
import { Banner, BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris'
import { useState } from 'react'
import type { ApiClient } from '../../api/api-client.ts'
import { widgetRoutes } from '../../api/routes/widget-routes.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import type { WidgetIntegration } from './widget.types.ts'

const paramsOf = (integration: WidgetIntegration) => ({
  agentId: integration.agent_id,
  integrationId: integration.integration_id,
})

export function IdentityVerificationCard({ integration }: { integration: WidgetIntegration }) {
  const [secret, setSecret] = useState<string | null>(null)
  const [on, setOn] = useState(integration.identity_verification)
  const create = useApiMutation({
    run: (client: ApiClient) => client.call(widgetRoutes.createIdentitySecret, { params: paramsOf(integration) }),
    errorTitle: 'Failed to create the identity secret',
    successToast: false,
    invalidates: [['widgets']],
    onSuccess: (answer) => {
      setSecret(answer.identity_secret)
      setOn(true)
    },
  })
  const remove = useApiMutation({
    run: (client: ApiClient) => client.call(widgetRoutes.deleteIdentitySecret, { params: paramsOf(integration) }),
    errorTitle: 'Failed to turn identity verification off',
    invalidates: [['widgets']],
    onSuccess: () => {
      setSecret(null)
      setOn(false)
    },
  })
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Identity verification
        </Text>
        <Text as="p" tone="subdued">
          Let your website vouch for its signed-in users: its server signs a token (a JWT, HS256, with the user's id as
          sub, an exp at most 7 days ahead, and optionally email and name) with this widget's identity secret, and the
          page adds it to the embed code as data-visitor-token. The user then finds their chats on any device, and your
          team sees who they are. A token that is not signed with the secret is refused.
        </Text>
        {secret ? (
          <Banner tone="warning" title="Copy the identity secret now: it is not shown again">
            <code className="webhook-secret" data-testid="identity-secret">
              {secret}
            </code>
          </Banner>
        ) : null}
        <InlineStack gap="200" blockAlign="center">
          <Text as="span">{on ? 'On' : 'Off'}</Text>
          <Button onClick={() => create.mutate()} loading={create.isPending}>
            {on ? 'Replace the secret' : 'Create an identity secret'}
          </Button>
          {on ? (
            <Button tone="critical" variant="plain" onClick={() => remove.mutate()} loading={remove.isPending}>
              Turn off
            </Button>
          ) : null}
        </InlineStack>
      </BlockStack>
    </Card>
  )
}
