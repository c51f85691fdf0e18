// SPEC section 4: while the server cannot be reached the product runs on canned data and says so.
import { Banner } from '@shopify/polaris'
import { useState } from 'react'
import { useConnection } from '../api/api-context.tsx'
import { DEMO_WARNING } from '../api/connection-monitor.ts'

export function DemoModeBanner() {
  const { connection, retryConnection } = useConnection()
  const [retrying, setRetrying] = useState(false)
  if (connection !== 'demo' && connection !== 'offline') return null
  const retry = async () => {
    setRetrying(true)
    await retryConnection().finally(() => setRetrying(false))
  }
  return (
    <div className="demo-banner" data-testid="demo-banner">
      <Banner
        tone="warning"
        title={connection === 'offline' ? 'Offline' : DEMO_WARNING.title}
        action={{ content: retrying ? 'Checking...' : 'Retry', onAction: () => void retry(), disabled: retrying }}
      >
        <p>{connection === 'offline' ? 'Your browser is offline. Reconnect to continue.' : DEMO_WARNING.message}</p>
      </Banner>
    </div>
  )
}
