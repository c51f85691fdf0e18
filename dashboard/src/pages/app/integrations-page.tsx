import { Page } from '@shopify/polaris'

export function IntegrationsPage() {
  return <Page title="Integrations" />
}
