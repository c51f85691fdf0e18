// SPEC section 2, Conversations page: Connected, Checking..., Demo Mode with Retry, or Offline.
import { Badge, Button, InlineStack } from '@shopify/polaris'
import { useConnection } from '../../api/api-context.tsx'

export function ConnectionBadge() {
  const { connection, retryConnection } = useConnection()
  if (connection === 'connected') return <Badge tone="success">Connected</Badge>
  if (connection === 'checking') return <Badge>Checking...</Badge>
  if (connection === 'offline') return <Badge tone="critical">Offline</Badge>
  return (
    <InlineStack gap="100" blockAlign="center">
      <Badge tone="warning">Demo Mode</Badge>
      <Button size="micro" onClick={() => void retryConnection()}>
        Retry
      </Button>
    </InlineStack>
  )
}
