import { Page } from '@shopify/polaris'

export function HelpPage() {
  return <Page title="Help" />
}
