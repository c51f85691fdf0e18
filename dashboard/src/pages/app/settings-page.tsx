import { Page } from '@shopify/polaris'

export function SettingsPage() {
  return <Page title="Settings" />
}
