import { Page } from '@shopify/polaris'

export function CreateAgentPage() {
  return <Page title="Create Agent" />
}
