import { Page } from '@shopify/polaris'

export function HelpCenterPage() {
  return <Page title="Help Center" />
}
