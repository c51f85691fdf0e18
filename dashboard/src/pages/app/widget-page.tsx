import { Page } from '@shopify/polaris'

export function WidgetPage() {
  return <Page title="Widget" />
}
