import { Page } from '@shopify/polaris'

export function LandingPage() {
  return <Page title="AgentDesk" />
}
