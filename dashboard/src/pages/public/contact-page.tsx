import { Page } from '@shopify/polaris'

export function ContactPage() {
  return <Page title="Contact" />
}
