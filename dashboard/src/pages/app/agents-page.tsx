import { Page } from '@shopify/polaris'

export function AgentsPage() {
  return <Page title="Agents" />
}
