import { Badge, BlockStack, Card, Page, Text } from '@shopify/polaris'
import { useEffect, useState } from 'react'

type ServerStatus = 'checking' | 'up' | 'down'

// The placeholder home until the dashboard issue builds the screens: it shows whether the API answers.
export function ServerStatusPage() {
  const [status, setStatus] = useState<ServerStatus>('checking')

  useEffect(() => {
    const controller = new AbortController()
    fetch('/api/dashboard/api/health/', { signal: controller.signal })
      .then((response) => setStatus(response.ok ? 'up' : 'down'))
      .catch(() => {
        if (!controller.signal.aborted) setStatus('down')
      })
    return () => controller.abort()
  }, [])

  const badge = { checking: <Badge>Checking...</Badge>, up: <Badge tone="success">Connected</Badge>, down: <Badge tone="critical">Offline</Badge> }[status]
  return (
    <Page title="AgentDesk">
      <Card>
        <BlockStack gap="200">
          <Text as="p">AI chat agents trained on your own documents, texts and websites.</Text>
          <Text as="p">
            Server: <span data-testid="server-status">{badge}</span>
          </Text>
        </BlockStack>
      </Card>
    </Page>
  )
}
