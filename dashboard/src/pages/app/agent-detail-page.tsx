import { Page } from '@shopify/polaris'

export function AgentDetailPage() {
  return <Page title="Agent" />
}
