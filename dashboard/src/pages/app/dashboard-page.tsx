import { Page } from '@shopify/polaris'

export function DashboardPage() {
  return <Page title="Dashboard" />
}
