import { Page } from '@shopify/polaris'

export function TermsPage() {
  return <Page title="Terms of Service" />
}
