import { Page } from '@shopify/polaris'

export function AboutPage() {
  return <Page title="About" />
}
