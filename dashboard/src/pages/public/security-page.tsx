import { Page } from '@shopify/polaris'

export function SecurityPage() {
  return <Page title="Security" />
}
