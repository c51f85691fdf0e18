import { Page } from '@shopify/polaris'

export function DemoPage() {
  return <Page title="Product demo" />
}
