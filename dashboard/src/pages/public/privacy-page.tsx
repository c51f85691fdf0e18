import { Page } from '@shopify/polaris'

export function PrivacyPage() {
  return <Page title="Privacy Policy" />
}
