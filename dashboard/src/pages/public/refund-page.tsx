import { Page } from '@shopify/polaris'

export function RefundPage() {
  return <Page title="Refund Policy" />
}
